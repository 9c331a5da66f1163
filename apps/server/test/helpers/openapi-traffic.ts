import Ajv2020 from "ajv/dist/2020";
import type { FastifyInstance, FastifyRequest } from "fastify";

/**
 * Every answer a test file's app gives is checked against the OpenAPI document that app serves (docs/decisions.md,
 * "The API document tells the truth"), so a test suite that exercises the API also proves the document describes it:
 * - the status is one the operation lists (exactly, as its range, or `default`), with a content type it lists, and a
 *   JSON body that matches the documented schema;
 * - an answer other than a refusal, to a request that named no token, comes from an operation whose document
 *   asks for none (`security: []`);
 * - a request the server accepted (2xx) matches the documented body and query: the document is never stricter than
 *   the server.
 * Each answer is checked as it leaves (`onSend`), against the document the app serves (read once, at its first answer),
 * and only its problems are kept, not its payload: the fuzz files make tens of thousands of exchanges. When the file
 * closes its app, every distinct problem is reported, with an example.
 */

interface TMedia {
  schema?: Record<string, unknown>;
}
interface TParameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Record<string, unknown>;
}
interface TOperation {
  security?: unknown[];
  parameters?: TParameter[];
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
  route: string;
  url: string;
  status: number;
  contentType: string;
  body: string | null;
  hadToken: boolean;
  requestBody: unknown;
  requestType: string;
  query: Record<string, unknown>;
}

/** The document and its page describe the API; they are not operations of it. */
const DOCUMENTATION = new Set(["/api/openapi.json", "/api/docs", "/api/docs/*", "/api/docs/static/*"]);

const mediaType = (header: unknown) =>
  String(header ?? "")
    .split(";", 1)[0]
    ?.trim()
    .toLowerCase() ?? "";

/**
 * One ajv per worker: schemas compiled for an operation are shared by the files a worker runs (same document). They are
 * kept by their text: of the document's ~1,400 body schemas only ~190 differ (every operation repeats the error
 * answer's), and compiling one is the costly part (all of them: ~7.6 s, the distinct ones ~0.9 s).
 */
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
type TValidate = ReturnType<typeof ajv.compile>;
const compiled = new Map<string, TValidate>();
/** By the schema object of one app's document: found without serializing the schema again at every answer. */
const bySchema = new WeakMap<object, TValidate>();

function validatorFor(schema: Record<string, unknown>, components: unknown) {
  const known = bySchema.get(schema);
  if (known) return known;
  const text = JSON.stringify(schema);
  let validate = compiled.get(text);
  if (!validate) {
    // The references (#/components/schemas/…) resolve within the compiled schema: the components go along (the
    // same in every app a worker builds: its document is the code's).
    validate = ajv.compile({ ...schema, components });
    compiled.set(text, validate);
  }
  bySchema.set(schema, validate);
  return validate;
}

/** What is wrong with one exchange, by the document (empty: nothing). */
function problemsOf(doc: TDocument, x: TExchange): string[] {
  const path = x.route.replace(/:(\w+)/g, "{$1}");
  const operation = doc.paths[path]?.[x.method.toLowerCase()];
  const name = `${x.method} ${path}`;
  if (!operation) return [`${name} is not in the document`];
  const problems: string[] = [];
  const status = String(x.status);
  const key = [status, `${status[0]}XX`, "default"].find((k) => operation.responses[k]);
  if (!key) return [`${name} answered ${status}, which the document does not list`];
  const content = operation.responses[key]?.content;
  if (!content) {
    if (x.body) problems.push(`${name} ${status}: a body the document does not have`);
  } else {
    const media = content[x.contentType];
    if (!media) {
      problems.push(`${name} ${status}: ${x.contentType || "no content type"} is not among ${Object.keys(content)}`);
    } else if (x.contentType.endsWith("json") && media.schema && x.body !== null) {
      const validate = validatorFor(media.schema, doc.components);
      let parsed: unknown;
      try {
        parsed = JSON.parse(x.body);
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
  if (x.status >= 200 && x.status < 300) problems.push(...requestProblems(doc, operation, name, x));
  return problems;
}

/** An accepted request must be one the document allows. */
function requestProblems(doc: TDocument, operation: TOperation, name: string, x: TExchange): string[] {
  const problems: string[] = [];
  const body = operation.requestBody?.content?.[x.requestType];
  if (x.requestType === "application/json" && body?.schema && x.requestBody !== undefined) {
    const validate = validatorFor(body.schema, doc.components);
    if (!validate(x.requestBody)) {
      problems.push(`${name}: accepted a body the document refuses: ${ajv.errorsText(validate.errors)}`);
    }
  }
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in !== "query" || !parameter.schema) continue;
    const value = x.query[parameter.name];
    if (value === undefined) continue;
    // A query string's values are text; the document's numbers and booleans are read from it (coerced).
    const validate = validatorFor(parameter.schema, doc.components);
    const candidates = [value, Number(value), value === "true" ? true : value === "false" ? false : value];
    if (!candidates.some((candidate) => validate(candidate))) {
      problems.push(`${name}: accepted ?${parameter.name}=${String(value)}, which the document refuses`);
    }
  }
  return problems;
}

/** The request as the client sent it, before validation replaced body and query with what the schemas made of them. */
const SENT = Symbol("sent");
type TSent = { body: unknown; query: Record<string, unknown> };
const sentOf = (request: FastifyRequest) => (request as unknown as { [SENT]?: TSent })[SENT];

/**
 * The application's document, generated once per worker for a given set of routes (`shareDocument`): the files a
 * worker runs share one module graph (isolate: false), so every app `buildApp` builds there runs the same code, and
 * the same routes give the same document (its schemas and access policies are the code's, not the configuration's).
 * Generating it (3.8 MB of JSON from every route's zod schemas) took ~0.4 s of every test file. An app whose routes
 * differ gets its own.
 */
let shared: { routes: string; doc: TDocument } | undefined;

function documentOf(app: FastifyInstance, routes: string): TDocument {
  if (shared?.routes !== routes) {
    // The document as /api/openapi.json serves it (its JSON).
    shared = { routes, doc: JSON.parse(JSON.stringify(app.swagger())) as TDocument };
  }
  return shared.doc;
}

export function createTrafficCheck(options: { shareDocument?: boolean } = {}) {
  /** Each distinct problem and the first request that showed it. */
  const firsts = new Map<string, string>();
  let doc: TDocument | undefined;
  /** Every route the app registers (the hook is added before any route is). */
  const routes: string[] = [];
  function observe(app: FastifyInstance) {
    app.addHook("onRoute", (route) => {
      routes.push(`${[route.method].flat().join(",")} ${route.url}`);
    });
    app.addHook("preValidation", async (request) => {
      const query = Object.fromEntries(new URL(request.url, "http://x").searchParams);
      // The body as parsed: validation puts what the schema made of it in its place, leaving this one as it was.
      (request as unknown as { [SENT]: TSent })[SENT] = { body: request.body, query };
    });
    app.addHook("onSend", async (request, reply, payload) => {
      const route = request.routeOptions.url;
      // The API's own operations: not the web app's files, the not-found answers or the document itself.
      if (!route?.startsWith("/api/") || DOCUMENTATION.has(route)) return payload;
      // Read once the app is ready and answering, with all its routes.
      doc ??= options.shareDocument
        ? documentOf(app, routes.join("\n"))
        : (JSON.parse(JSON.stringify(app.swagger())) as TDocument);
      const sent = sentOf(request);
      const noBody = reply.statusCode === 204 || reply.statusCode === 304;
      const exchange: TExchange = {
        method: request.method,
        route,
        url: request.url,
        status: reply.statusCode,
        contentType: mediaType(reply.getHeader("content-type")),
        body: noBody
          ? null
          : typeof payload === "string"
            ? payload
            : Buffer.isBuffer(payload)
              ? payload.toString("utf8")
              : null,
        hadToken: typeof request.headers.authorization === "string",
        requestBody: sent?.body,
        requestType: mediaType(request.headers["content-type"]),
        query: sent?.query ?? {},
      };
      let problems: string[];
      try {
        problems = problemsOf(doc, exchange);
      } catch (error) {
        // A check that cannot run is a problem of the file, told at its close, not a broken answer now.
        problems = [`${exchange.method} ${route}: the check failed: ${String(error)}`];
      }
      for (const problem of problems) {
        if (!firsts.has(problem)) firsts.set(problem, `${exchange.method} ${exchange.url.slice(0, 200)}`);
      }
      return payload;
    });
  }

  /** Throws with each distinct problem the app's answers showed, and an example; forgets them. */
  async function verify(_app?: FastifyInstance) {
    if (firsts.size === 0) return;
    const lines = [...firsts].slice(0, 30).map(([problem, example]) => `- ${problem}\n    e.g. ${example}`);
    const count = firsts.size;
    firsts.clear();
    throw new Error(`The API answered as its document does not say (${count}):\n${lines.join("\n")}`);
  }
  return { observe, verify };
}
