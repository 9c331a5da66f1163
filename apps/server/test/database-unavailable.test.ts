import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { connectDatabase, type TDatabase } from "../src/db/client";
import { get, post } from "./helpers/http";
import { createTestApp, type TTestApp } from "./helpers/test-app";

/** The app on a PostgreSQL that refuses connections (down, restarting): clean 503s, nothing about the internals. */
let t: TTestApp;
let app: FastifyInstance;
let unreachable: TDatabase;
beforeAll(async () => {
  t = await createTestApp();
  // Port 1 on localhost: nothing listens there, every connection is refused at once.
  unreachable = connectDatabase("postgres://openpermit@127.0.0.1:1/openpermit", 2);
  app = await buildApp({ ...t.ctx, pool: unreachable.pool, db: unreachable.db }, { loggerInstance: t.ctx.log });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await unreachable.pool.end();
  await t.close();
});

describe("an unreachable database", () => {
  it("answers 503 SERVICE_UNAVAILABLE with Retry-After, in the error shape and without a stack trace", async () => {
    const answers = [
      await post(app, "/api/auth/sign-in", { email: "someone@example.com", password: "Some-password-1" }),
      await get(app, "/api/permits", { token: "not-a-token" }),
    ];
    const signIn = answers[0]!;
    expect(signIn.statusCode).toBe(503);
    expect(signIn.headers["retry-after"]).toBe("5");
    expect(signIn.json()).toEqual({
      error: { code: "SERVICE_UNAVAILABLE", message: "The service is briefly unavailable. Try again in a moment." },
    });
    for (const answer of answers) {
      expect(answer.body).not.toMatch(/ECONNREFUSED|at .+:\d+:\d+|127\.0\.0\.1/);
      expect(answer.statusCode).not.toBe(500);
    }
  });
});
