import fc from "fast-check";

/** The body limit of the app (app.ts): huge strings are tried just under it and beyond it. */
export const BODY_LIMIT = 1024 * 1024;

/** Text that breaks naive code: bidi overrides, emoji, NUL, lone surrogates, BOM, combining marks, SQL and HTML. */
export const NASTY_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\u202eevil\u202c",
  "\u05e9\u05dc\u05d5\u05dd \u0645\u0631\u062d\u0628\u0627",
  "👩🏽‍🔧🚧🔥",
  "\ud800",
  "\udfff\ud800",
  "\ufeff",
  "e\u0301\u0301\u0301\u0301",
  "\u200b\u200d",
  "'; DROP TABLE permits; --",
  "' OR '1'='1",
  "%",
  "\\",
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "null",
  "NaN",
  "1e400",
  "-0",
  "0x1F",
  "true",
  "{}",
  "2026-02-30T25:61:00Z",
  "Europe/Nowhere",
  "\r\n\t",
];

/** Values of every JSON type, for a field that expects another one. */
export const WRONG_TYPES: unknown[] = [
  null,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  true,
  false,
  "",
  "x",
  [],
  [null],
  [[]],
  {},
  { a: 1 },
  "00000000-0000-0000-0000-000000000000",
];

export const PROTO_KEYS = ["__proto__", "constructor", "prototype"];

/** Any code point, lone surrogates included (built once: fast-check maps the whole range when it builds one). */
const anyCodePoints = fc.string({ unit: "binary", maxLength: 60 });

export const nastyString = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  anyCodePoints,
  fc.string({ unit: "grapheme", maxLength: 40 }),
);

/**
 * Long strings of about `bytes` UTF-8 bytes: plain, or multi-byte (so the byte length, not the length, crosses
 * limits). Built once: a megabyte per generated request would cost more than sending it.
 */
export const hugeStrings = (bytes: number) =>
  ["x", "é", "🔥", "\u202e"].map((unit) => unit.repeat(Math.ceil(bytes / Buffer.byteLength(unit))));
export const hugeString = (bytes: number) => fc.constantFrom(...hugeStrings(bytes));

export const wrongValue = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...WRONG_TYPES) },
  { weight: 2, arbitrary: nastyString },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Deeply nested JSON text (arrays or objects), as a raw fragment. */
export const deepJson = fc
  .tuple(fc.integer({ min: 100, max: 20_000 }), fc.boolean())
  .map(([depth, arrays]) =>
    arrays ? `${"[".repeat(depth)}${"]".repeat(depth)}` : `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`,
  );

/** Bodies that are not JSON at all, or broken JSON, sent with a JSON content type. */
export const brokenJson = fc.oneof(
  fc.constantFrom(
    "",
    "{",
    "}",
    "[",
    '{"a":}',
    '{"a":1,}',
    "{'a':1}",
    '{"a":NaN}',
    '{"a":Infinity}',
    '{"a":1} // comment',
    '{"a":1}{"b":2}',
    "nul",
    "undefined",
    '"\\ud800"',
    '{"a":"\\u00"}',
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    "\u0000",
    "\ufeff{}",
    " ",
  ),
  anyCodePoints,
);

/** Raw bytes that are not valid UTF-8 inside a JSON string. */
export const invalidUtf8 = fc.constant(
  Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xc3, 0x28, 0xff, 0xfe, 0xed, 0xa0, 0x80]), Buffer.from('"}')]),
);

export const wrongContentTypes = fc.constantFrom(
  "text/plain",
  "text/html",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=----fuzz",
  "application/xml",
  "application/octet-stream",
  "application/json; charset=utf-16",
  "application/jsonx",
  "application/json; charset=\u00ff",
  "image/png",
  "*/*",
  ";;;",
);
