import { ROLES, type TRole } from "@openpermit/shared";
import fc from "fast-check";
import { bodyArbitrary, type TFuzzBody } from "./body-arbitrary";
import { hugeStrings, nastyString, PROTO_KEYS, WRONG_TYPES } from "./hostile-values";
import type { TFuzzRoute } from "./routes";
import { jsonSchemaOf, type TIdSource, type TJsonSchema, valueArbitrary } from "./schema-arbitrary";

export interface TFuzzRequest {
  method: TFuzzRoute["method"];
  url: string;
  /** Who calls: a role of the route's policy (null: nobody signed in). */
  role: TRole | null;
  body: TFuzzBody;
  /** What was fuzzed, for the summary: the body's kind, or the query's or params'. */
  kind: string;
}

const UNRESERVED = /[A-Za-z0-9\-_.~]/;
const BYTE = Array.from({ length: 256 }, (_, b) =>
  UNRESERVED.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).padStart(2, "0")}`,
);
/** Percent-encodes every byte of the UTF-8 text (lone surrogates become U+FFFD, as a browser sends them). */
const encode = (text: string) => {
  let out = "";
  for (const b of Buffer.from(text, "utf8")) out += BYTE[b];
  return out;
};
/**
 * The largest text a URL can carry to the server: Node's HTTP parser reads at most 16 KB of request line and headers
 * (http.maxHeaderSize) and answers anything longer with 431 before the app sees it (test/http-protocol.test.ts). So
 * each huge value is at most ~12 KB once encoded, room left for the rest of the request. Larger ones, which only
 * `inject` could deliver, cost the fuzzer a tenth of its time parsing URLs no client can send.
 */
const HUGE_URL_TEXT = hugeStrings(4 * 1024).map(encode);

/** Raw URL fragments that are not valid percent-encoding or that try to escape the path. */
const RAW_SEGMENTS = ["%", "%zz", "%E0%A4%A", "%00", "..", "%2e%2e%2f", "a%2Fb", "%C0%AE", "%ED%A0%80"];

const hostileText = fc.oneof(
  { weight: 3, arbitrary: nastyString.map(encode) },
  { weight: 2, arbitrary: fc.constantFrom(...WRONG_TYPES).map((v) => encode(String(v))) },
  { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
  { weight: 1, arbitrary: fc.constantFrom(...HUGE_URL_TEXT) },
);

const scalar = (value: unknown) =>
  typeof value === "object" && value !== null ? JSON.stringify(value) : String(value);

function queryText(value: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, v] of Object.entries(value)) {
    for (const item of Array.isArray(v) ? v : [v]) parts.push(`${encode(key)}=${encode(scalar(item))}`);
  }
  return parts.join("&");
}

function queryArbitrary(schema: TJsonSchema | undefined, ids: TIdSource): fc.Arbitrary<{ text: string; kind: string }> {
  const valid = (schema ? valueArbitrary(schema, "", ids) : fc.constant({})) as fc.Arbitrary<Record<string, unknown>>;
  const keys = Object.keys(schema?.properties ?? {});
  const anyKey = keys.length
    ? fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 10 }))
    : fc.string({ maxLength: 10 });
  return fc.oneof(
    { weight: 6, arbitrary: valid.map((v) => ({ text: queryText(v), kind: "valid" })) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(valid, anyKey, hostileText)
        .map(([v, key, text]) => ({ text: `${queryText(v)}&${encode(key)}=${text}`, kind: "query: hostile value" })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(valid, fc.constantFrom(...PROTO_KEYS, "__proto__[x]", "a[b][c]"))
        .map(([v, key]) => ({ text: `${queryText(v)}&${encode(key)}=1`, kind: "query: prototype key" })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, anyKey).map(([v, key]) => ({
        text: `${queryText(v)}&${encode(key)}=1&${encode(key)}=2`,
        kind: "query: repeated key",
      })),
    },
  );
}

function pathArbitrary(route: TFuzzRoute, ids: (name: string) => readonly string[]) {
  const names = [...route.url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
  if (names.length === 0) return fc.constant({ url: route.url, hostile: false });
  const params = route.params ? jsonSchemaOf(route.params) : undefined;
  const one = (name: string) => {
    const real = ids(name);
    const schema = params?.properties?.[name];
    return fc.oneof(
      {
        weight: 5,
        arbitrary: real.length
          ? fc.constantFrom(...real).map((v) => ({ v, hostile: false }))
          : fc.uuid().map((v) => ({ v, hostile: false })),
      },
      {
        weight: 2,
        arbitrary: (schema ? valueArbitrary(schema, name, () => []) : fc.uuid()).map((v) => ({
          v: encode(String(v)),
          hostile: false,
        })),
      },
      { weight: 3, arbitrary: hostileText.map((v) => ({ v, hostile: true })) },
    );
  };
  return fc.tuple(...names.map(one)).map((values) => {
    let url = route.url;
    names.forEach((name, i) => {
      url = url.replace(`:${name}`, values[i]!.v);
    });
    return { url, hostile: values.some((v) => v.hostile) };
  });
}

/** The roles that may call the route (public routes: anyone, or nobody signed in). */
function callers(route: TFuzzRoute): Array<TRole | null> {
  if (route.access === "public") return [null, ...ROLES];
  if (route.access === "authenticated" || route.access === undefined) return [...ROLES];
  return [...route.access];
}

/** Requests for one route: valid ones from its schemas, and every kind of hostile body, query and path. */
export function requestArbitrary(route: TFuzzRoute, ids: (name: string, url: string) => readonly string[]) {
  const idSource: TIdSource = (name) => ids(name, route.url);
  const body = route.body
    ? bodyArbitrary(valueArbitrary(jsonSchemaOf(route.body), "", idSource))
    : fc.oneof(
        { weight: 4, arbitrary: fc.constant<TFuzzBody>({ kind: "no body" }) },
        { weight: 1, arbitrary: bodyArbitrary(fc.jsonValue({ maxDepth: 2 })) },
      );
  const query = queryArbitrary(route.querystring ? jsonSchemaOf(route.querystring) : undefined, idSource);
  return fc
    .tuple(pathArbitrary(route, idSource), query, body, fc.constantFrom(...callers(route)))
    .map(([path, q, b, role]): TFuzzRequest => {
      const kind = path.hostile ? "path: hostile" : q.kind !== "valid" ? q.kind : b.kind;
      return { method: route.method, url: q.text ? `${path.url}?${q.text}` : path.url, role, body: b, kind };
    });
}
