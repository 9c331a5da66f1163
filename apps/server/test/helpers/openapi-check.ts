import Ajv2020 from "ajv/dist/2020";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";

/**
 * Checks answers against the OpenAPI document the server serves (docs/decisions.md, "The API document tells the
 * truth"): the status must be one the operation documents (exactly, or as its range), and a JSON body must match
 * the documented schema. Formats are not checked (ajv-formats is not a dependency); types, enums, required and
 * extra properties are. Built once per test file: `const check = await openApiChecker(t.app)`.
 */
interface TOperation {
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
}
interface TDocument {
  paths: Record<string, Record<string, TOperation>>;
  components?: unknown;
}

export async function openApiChecker(app: FastifyInstance) {
  const doc = (await app.inject({ method: "GET", url: "/api/openapi.json" })).json() as TDocument;
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  const compiled = new Map<string, ReturnType<typeof ajv.compile>>();

  /** `route` is the route's path as declared (`/api/permits/:id`); its answer to `method`. */
  return function check(method: string, route: string, response: LightMyRequestResponse): void {
    const path = route.replace(/:(\w+)/g, "{$1}");
    const operation = doc.paths[path]?.[method.toLowerCase()];
    if (!operation) throw new Error(`${method} ${path} is not in the OpenAPI document`);
    const status = String(response.statusCode);
    const key = [status, `${status[0]}XX`, "default"].find((k) => operation.responses[k]);
    if (!key) throw new Error(`${method} ${path} answered ${status}, which the document does not list`);
    const content = operation.responses[key]?.content;
    const type =
      String(response.headers["content-type"] ?? "")
        .split(";", 1)[0]
        ?.trim() ?? "";
    if (!content) {
      if (response.body.length > 0) throw new Error(`${method} ${path} ${status}: a body the document does not have`);
      return;
    }
    const media = content[type];
    if (!media) throw new Error(`${method} ${path} ${status}: ${type} is not among ${Object.keys(content).join(", ")}`);
    if (!type.endsWith("json")) return;
    const id = `${method} ${path} ${key} ${type}`;
    let validate = compiled.get(id);
    if (!validate) {
      // The references (#/components/schemas/…) resolve within the compiled schema: the components go along.
      validate = ajv.compile({ ...media.schema, components: doc.components });
      compiled.set(id, validate);
    }
    if (!validate(response.json())) {
      throw new Error(`${id}: the body does not match the document: ${ajv.errorsText(validate.errors)}`);
    }
  };
}
