import type { APIRequestContext, APIResponse, BrowserContext, Response } from "@playwright/test";
import Ajv2020 from "ajv/dist/2020.js";

/**
 * The end-to-end suite's half of "the API document tells the truth" (docs/decisions.md): every exchange a test has
 * with `/api` — its pages' requests and its own API calls — is checked against the served `/api/openapi.json`, as the
 * server's tests check theirs (apps/server/test/helpers/openapi-traffic.ts): a listed status, a listed content type, a
 * JSON body the schema accepts; no answer but a refusal, without a token, from an operation that asks for one; no
 * accepted request the document refuses. support/test.ts runs it around every test.
 */

interface TMedia {
  schema?: Record<string, unknown>;
}
interface TOperation {
  security?: unknown[];
  parameters?: { name: string; in: string; schema?: Record<string, unknown> }[];
  requestBody?: { content?: Record<string, TMedia> };
  responses: Record<string, { content?: Record<string, TMedia> }>;
}
interface TDocument {
  paths: Record<string, Record<string, TOperation>>;
  security?: unknown[];
  components?: unknown;
}
interface TExchange {
  method: string;
  url: URL;
  status: number;
  contentType: string;
  body: Buffer | null;
  hadToken: boolean;
  requestBody: unknown;
  requestType: string;
}

/** The document and its page describe the API; they are not operations of it. */
const DOCUMENTATION = /^\/api\/(openapi\.json|docs)(\/|$)/;
/** An event stream never ends: its body is not read. */
const STREAM = "text/event-stream";

const mediaType = (value: string | undefined) => (value ?? "").split(";", 1)[0]!.trim().toLowerCase();

const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
type TValidate = ReturnType<typeof ajv.compile>;
/**
 * By the schema's text: of the document's ~1,400 body schemas only ~190 differ (every operation repeats the error
 * answer's), and compiling one is the costly part (all of them: ~7.6 s, the distinct ones ~0.9 s).
 */
const compiled = new Map<string, TValidate>();
/** By the schema object (the document is read once per worker): found without writing its text again. */
const bySchema = new WeakMap<object, TValidate>();
const documents = new Map<string, Promise<{ doc: TDocument; match: (path: string) => string | undefined }>>();

/** The served document, once per worker, with a matcher from a URL's path to its template (`/api/permits/{id}`). */
function documentAt(baseURL: string) {
  let loaded = documents.get(baseURL);
  if (!loaded) {
    loaded = fetch(new URL("/api/openapi.json", baseURL)).then(async (response) => {
      const doc = (await response.json()) as TDocument;
      // Literal segments before parameters: /api/permits/export is not /api/permits/{id}.
      const templates = Object.keys(doc.paths)
        .map((template) => ({
          template,
          params: (template.match(/\{/g) ?? []).length,
          pattern: new RegExp(
            `^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{[^}]+\\?\}/g, "[^/]+")}$`,
          ),
        }))
        .sort((a, b) => a.params - b.params);
      const match = (path: string) => templates.find((t) => t.pattern.test(path))?.template;
      return { doc, match };
    });
    documents.set(baseURL, loaded);
  }
  return loaded;
}

function validatorFor(schema: Record<string, unknown>, components: unknown) {
  const known = bySchema.get(schema);
  if (known) return known;
  const text = JSON.stringify(schema);
  let validate = compiled.get(text);
  if (!validate) {
    validate = ajv.compile({ ...schema, components });
    compiled.set(text, validate);
  }
  bySchema.set(schema, validate);
  return validate;
}

function problemsOf(doc: TDocument, template: string, x: TExchange): string[] {
  const operation = doc.paths[template]?.[x.method.toLowerCase()];
  const name = `${x.method} ${template}`;
  if (!operation) return [`${name} is not in the document`];
  const status = String(x.status);
  const key = [status, `${status[0]}XX`, "default"].find((k) => operation.responses[k]);
  if (!key) return [`${name} answered ${status}, which the document does not list`];
  const problems: string[] = [];
  const content = operation.responses[key]?.content;
  if (!content) {
    if (x.body && x.body.length > 0) problems.push(`${name} ${status}: a body the document does not have`);
  } else {
    const media = content[x.contentType];
    if (!media) {
      problems.push(`${name} ${status}: ${x.contentType || "no content type"} is not among ${Object.keys(content)}`);
    } else if (x.contentType.endsWith("json") && media.schema && x.body) {
      const validate = validatorFor(media.schema, doc.components);
      let parsed: unknown;
      try {
        parsed = JSON.parse(x.body.toString("utf8"));
      } catch {
        parsed = Symbol("not JSON");
      }
      if (!validate(parsed)) {
        problems.push(`${name} ${status}: the body does not match the document: ${ajv.errorsText(validate.errors)}`);
      }
    }
  }
  const security = operation.security ?? doc.security ?? [];
  if (!x.hadToken && x.status < 400 && security.length > 0) {
    problems.push(`${name} answered ${status} without a token, but the document asks for one`);
  }
  if (x.status >= 200 && x.status < 300) {
    const body = operation.requestBody?.content?.[x.requestType];
    if (x.requestType === "application/json" && body?.schema && x.requestBody !== undefined) {
      const validate = validatorFor(body.schema, doc.components);
      if (!validate(x.requestBody)) {
        problems.push(`${name}: accepted a body the document refuses: ${ajv.errorsText(validate.errors)}`);
      }
    }
    for (const parameter of operation.parameters ?? []) {
      const value = x.url.searchParams.get(parameter.name);
      if (parameter.in !== "query" || !parameter.schema || value === null) continue;
      const validate = validatorFor(parameter.schema, doc.components);
      const candidates = [value, Number(value), value === "true" ? true : value === "false" ? false : value];
      if (!candidates.some((candidate) => validate(candidate))) {
        problems.push(`${name}: accepted ?${parameter.name}=${value}, which the document refuses`);
      }
    }
  }
  return problems;
}

const REQUEST_METHODS = ["fetch", "get", "post", "put", "patch", "delete", "head"] as const;
type TRequestOptions = { method?: string; data?: unknown; headers?: Record<string, string>; multipart?: unknown };

export function createApiTraffic(baseURL: string) {
  const pending: Promise<TExchange | null>[] = [];
  const watched = new WeakSet<object>();

  const fromBrowser = async (response: Response): Promise<TExchange | null> => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith("/api/") || DOCUMENTATION.test(url.pathname)) return null;
    const request = response.request();
    const contentType = mediaType(response.headers()["content-type"]);
    // A page closed before its answer was read: nothing left to check.
    const body = contentType === STREAM ? null : await response.body().catch(() => undefined);
    // …or before its request's headers were read (they are fetched from the browser too).
    const headers = body === undefined ? undefined : await request.allHeaders().catch(() => undefined);
    if (body === undefined || headers === undefined) return null;
    const requestType = mediaType(headers["content-type"]);
    let requestBody: unknown;
    if (requestType === "application/json") {
      try {
        requestBody = request.postDataJSON();
      } catch {
        requestBody = undefined;
      }
    }
    return {
      method: request.method(),
      url,
      status: response.status(),
      contentType,
      body,
      hadToken: Boolean(headers.authorization),
      requestBody,
      requestType,
    };
  };

  const fromApi = async (
    method: string,
    options: TRequestOptions,
    response: APIResponse,
  ): Promise<TExchange | null> => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith("/api/") || DOCUMENTATION.test(url.pathname)) return null;
    const contentType = mediaType(response.headers()["content-type"]);
    const json = options.data !== undefined && typeof options.data !== "string" && !Buffer.isBuffer(options.data);
    const headers = Object.fromEntries(Object.entries(options.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
    return {
      method: (options.method ?? method).toUpperCase(),
      url,
      status: response.status(),
      contentType,
      body: contentType === STREAM ? null : await response.body().catch(() => null),
      hadToken: Boolean(headers.authorization),
      requestBody: json ? options.data : undefined,
      requestType: json
        ? "application/json"
        : options.multipart
          ? "multipart/form-data"
          : mediaType(headers["content-type"]),
    };
  };

  /** Undoes each watch: the worker's warm context and its `request` outlive the test (support/warm-tab.ts). */
  const unwatch: (() => void)[] = [];

  /** Records every answer of an API request context (a test's own calls, or a page's `page.request`). */
  function watchRequest(request: APIRequestContext) {
    if (watched.has(request)) return;
    watched.add(request);
    const target = request as unknown as Record<
      string,
      (url: unknown, options?: TRequestOptions) => Promise<APIResponse>
    >;
    for (const name of REQUEST_METHODS) {
      const own = Object.getOwnPropertyDescriptor(target, name);
      const original = target[name]!.bind(request);
      target[name] = async (url: unknown, options: TRequestOptions = {}) => {
        const response = await original(url, options);
        pending.push(fromApi(name === "fetch" ? "GET" : name, options, response));
        return response;
      };
      unwatch.push(() => (own ? Object.defineProperty(target, name, own) : delete target[name]));
    }
  }

  /** Records every answer a context's pages get from the API, and its `request`'s. */
  function watchContext(context: BrowserContext) {
    if (watched.has(context)) return;
    watched.add(context);
    const record = (response: Response) => {
      pending.push(fromBrowser(response));
    };
    context.on("response", record);
    unwatch.push(() => context.off("response", record));
    watchRequest(context.request);
  }

  /** Stops recording (what was recorded is still verified). */
  function stop() {
    for (const undo of unwatch.splice(0)) undo();
  }

  /** Checks what the test exchanged; throws with each distinct problem and an example. */
  async function verify() {
    const exchanges = (await Promise.all(pending.splice(0))).filter((x): x is TExchange => x !== null);
    if (exchanges.length === 0) return;
    const { doc, match } = await documentAt(baseURL);
    const firsts = new Map<string, string>();
    for (const x of exchanges) {
      const template = match(x.url.pathname);
      const problems = template
        ? problemsOf(doc, template, x)
        : [`${x.method} ${x.url.pathname} is not in the document`];
      for (const problem of problems) {
        if (!firsts.has(problem)) firsts.set(problem, `${x.method} ${x.url.pathname}${x.url.search}`.slice(0, 200));
      }
    }
    if (firsts.size > 0) {
      const lines = [...firsts].slice(0, 30).map(([problem, example]) => `- ${problem}\n    e.g. ${example}`);
      throw new Error(`The API answered as its document does not say (${firsts.size}):\n${lines.join("\n")}`);
    }
  }

  return { watchContext, watchRequest, stop, verify };
}
