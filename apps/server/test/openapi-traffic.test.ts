import swagger from "@fastify/swagger";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { createTrafficCheck } from "./helpers/openapi-traffic";

/** A small app with one documented operation, whose handler can answer a body its schema refuses. */
async function appWith(body: string) {
  const traffic = createTrafficCheck();
  const app = Fastify();
  await app.register(swagger, { openapi: { info: { title: "t", version: "1" } } });
  traffic.observe(app);
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
