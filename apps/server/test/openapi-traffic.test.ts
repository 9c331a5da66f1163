import swagger from "@fastify/swagger";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { createTrafficCheck } from "./helpers/openapi-traffic";

/** A small app with one documented operation, whose handler can answer a body its schema refuses. */
async function appWith(body: string, options: { shareDocument?: boolean; more?: boolean } = {}) {
  const traffic = createTrafficCheck({ shareDocument: options.shareDocument });
  const app = Fastify();
  await app.register(swagger, { openapi: { info: { title: "t", version: "1" } } });
  traffic.observe(app);
  if (options.more) {
    app.get(
      "/api/other",
      { schema: { response: { 200: { type: "object", properties: { ok: { type: "boolean" } }, required: ["ok"] } } } },
      async () => ({ ok: true }),
    );
  }
  app.get(
    "/api/thing",
    {
      schema: {
        response: {
          200: { type: "object", properties: { n: { type: "number" } }, required: ["n"], additionalProperties: false },
        },
      },
    },
    // A string with its content type is sent as it is: the schema's serializer does not mend it.
    async (_request, reply) => reply.type("application/json").send(body),
  );
  await app.ready();
  return { app, traffic };
}

describe("the OpenAPI traffic check of the test harness", () => {
  it("passes answers the document describes", async () => {
    const { app, traffic } = await appWith('{"n":1}');
    for (let i = 0; i < 3; i++) expect((await app.inject({ method: "GET", url: "/api/thing" })).statusCode).toBe(200);
    await expect(traffic.verify(app)).resolves.toBeUndefined();
    await app.close();
  });

  it("shares a document between apps only while their routes are the same", async () => {
    const first = await appWith('{"n":1}', { shareDocument: true });
    await first.app.inject({ method: "GET", url: "/api/thing" });
    await expect(first.traffic.verify(first.app)).resolves.toBeUndefined();
    await first.app.close();
    // One more route: checked against this app's own document, where it is described.
    const second = await appWith('{"n":1}', { shareDocument: true, more: true });
    expect((await second.app.inject({ method: "GET", url: "/api/other" })).statusCode).toBe(200);
    await expect(second.traffic.verify(second.app)).resolves.toBeUndefined();
    await second.app.close();
  });

  it("fails, at the close, on a body its schema refuses", async () => {
    const { app, traffic } = await appWith('{"n":"one"}');
    await app.inject({ method: "GET", url: "/api/thing" });
    await app.inject({ method: "GET", url: "/api/thing" });
    await expect(traffic.verify(app)).rejects.toThrow(
      /\(1\):\n- GET \/api\/thing 200: the body does not match the document: .*n must be number/,
    );
    await app.close();
  });
});
