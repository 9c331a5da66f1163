import fc from "fast-check";
import {
  BODY_LIMIT,
  brokenJson,
  deepJson,
  hugeString,
  invalidUtf8,
  nastyString,
  PROTO_KEYS,
  wrongContentTypes,
  wrongValue,
} from "./hostile-values";

/** A request body as sent: its kind (for the summary), raw payload and content type (undefined: none). */
export interface TFuzzBody {
  kind: string;
  payload?: string | Buffer;
  contentType?: string;
}

type TPath = Array<string | number>;

/** Every position inside a JSON value (the root included). */
function pathsOf(value: unknown, prefix: TPath = []): TPath[] {
  const paths: TPath[] = [prefix];
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) paths.push(...pathsOf(v, [...prefix, i]));
  } else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) paths.push(...pathsOf(v, [...prefix, k]));
  }
  return paths;
}

function replaceAt(value: unknown, path: TPath, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head!] = replaceAt(copy[head!], rest, replacement);
  return copy;
}

function removeAt(value: unknown, path: TPath): unknown {
  if (path.length === 0) return undefined;
  const parent = path.slice(0, -1);
  const key = path[path.length - 1]!;
  let target: unknown = value;
  for (const k of parent) target = (target as Record<string | number, unknown>)[k];
  if (Array.isArray(target))
    return replaceAt(
      value,
      parent,
      target.filter((_, i) => i !== key),
    );
  const { [key]: _gone, ...rest } = target as Record<string | number, unknown>;
  return replaceAt(value, parent, rest);
}

/** A mutation of a valid value at one of its positions, chosen by `pick`. */
const at = (valid: fc.Arbitrary<unknown>, change: (value: unknown, path: TPath) => unknown) =>
  fc.tuple(valid, fc.nat()).map(([value, pick]) => {
    const paths = pathsOf(value);
    return change(value, paths[pick % paths.length]!);
  });

/** JSON text with `fragment` spliced in as a raw member of the top-level object (or the whole body). */
const withRawMember = (value: unknown, key: string, fragment: string) => {
  const text = JSON.stringify(value ?? {});
  return text.startsWith("{") && text !== "{}"
    ? `{${JSON.stringify(key)}:${fragment},${text.slice(1)}`
    : `{${JSON.stringify(key)}:${fragment}}`;
};

const json = (kind: string, value: unknown): TFuzzBody => ({
  kind,
  payload: JSON.stringify(value) ?? "null",
  contentType: "application/json",
});
const raw = (kind: string, payload: string | Buffer, contentType = "application/json"): TFuzzBody => ({
  kind,
  payload,
  contentType,
});

/**
 * Bodies built from a valid value: itself, then wrong types, missing and extra fields, nulls, nasty and huge
 * strings, prototype keys, deep nesting, arrays for objects, broken JSON and wrong content types.
 */
export function bodyArbitrary(valid: fc.Arbitrary<unknown>): fc.Arbitrary<TFuzzBody> {
  const stringAt = (text: fc.Arbitrary<string>) =>
    fc.tuple(valid, fc.nat(), text).map(([value, pick, s]) => {
      const paths = pathsOf(value).filter((p) => p.length > 0);
      return paths.length ? replaceAt(value, paths[pick % paths.length]!, s) : s;
    });
  return fc.oneof(
    { weight: 8, arbitrary: valid.map((v) => json("valid", v)) },
    {
      weight: 4,
      arbitrary: fc
        .tuple(valid, fc.nat(), wrongValue)
        .map(([v, pick, w]) => json("wrong type", replaceAt(v, pathsOf(v)[pick % pathsOf(v).length]!, w))),
    },
    { weight: 3, arbitrary: at(valid, (v, p) => removeAt(v, p)).map((v) => json("missing field", v)) },
    { weight: 2, arbitrary: at(valid, (v, p) => replaceAt(v, p, null)).map((v) => json("null", v)) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(valid, fc.string({ maxLength: 12 }), wrongValue)
        .map(([v, key, extra]) =>
          json(
            "extra field",
            v && typeof v === "object" && !Array.isArray(v) ? { ...v, [key]: extra } : { [key]: extra },
          ),
        ),
    },
    { weight: 4, arbitrary: stringAt(nastyString).map((v) => json("unicode", v)) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          valid,
          fc.constantFrom(...PROTO_KEYS),
          fc.constantFrom('{"polluted":true}', '{"prototype":{"x":1}}', "1", "null"),
        )
        .map(([v, key, fragment]) => raw("prototype key", withRawMember(v, key, fragment))),
    },
    { weight: 1, arbitrary: stringAt(hugeString(BODY_LIMIT - 64 * 1024)).map((v) => json("huge string", v)) },
    { weight: 1, arbitrary: stringAt(hugeString(BODY_LIMIT + 1024)).map((v) => json("beyond limit", v)) },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, deepJson).map(([v, deep]) => raw("deep nesting", withRawMember(v, "nested", deep))),
    },
    { weight: 1, arbitrary: deepJson.map((deep) => raw("deep nesting", deep)) },
    { weight: 2, arbitrary: valid.map((v) => json("array for object", [v])) },
    { weight: 1, arbitrary: fc.constantFrom(null, 0, "text", true).map((v) => json("scalar body", v)) },
    { weight: 3, arbitrary: brokenJson.map((b) => raw("broken JSON", b)) },
    { weight: 1, arbitrary: invalidUtf8.map((b) => raw("invalid UTF-8", b)) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(valid, wrongContentTypes)
        .map(([v, type]) => raw("wrong content type", JSON.stringify(v) ?? "", type)),
    },
    { weight: 1, arbitrary: valid.map((v) => ({ kind: "no content type", payload: JSON.stringify(v) ?? "" })) },
    { weight: 1, arbitrary: fc.constant({ kind: "no body" }) },
  );
}
