import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError } from "./helpers/http";
import { UNKNOWN_ID } from "./helpers/organisation";
import { createTestApp, type TTestApp } from "./helpers/test-app";

/** What the server answers at the edges of HTTP itself: a method a path does not take, headers too large. */
let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("a method the path does not take", () => {
  it("is 405 in the error shape, with the methods it takes in Allow", async () => {
    for (const method of ["DELETE", "PUT", "PATCH", "GET"] as const) {
      const response = await t.app.inject({ method, url: `/api/managers/${UNKNOWN_ID}/resend-invitation` });
      expectError(response, 405, "METHOD_NOT_ALLOWED");
      expect(response.headers.allow, method).toBe("POST");
    }
    const read = await t.app.inject({ method: "POST", url: "/api/health" });
    expectError(read, 405, "METHOD_NOT_ALLOWED");
    expect(String(read.headers.allow).split(", ").sort()).toEqual(["GET", "HEAD"]);
  });

  it("names every method of a path with parameters, and keeps 404 for paths no route takes", async () => {
    const one = await t.app.inject({ method: "PUT", url: `/api/managers/${UNKNOWN_ID}` });
    expectError(one, 405, "METHOD_NOT_ALLOWED");
    expect(String(one.headers.allow).split(", ")).toEqual(expect.arrayContaining(["GET", "PATCH", "DELETE"]));
    expectError(await t.app.inject({ method: "DELETE", url: "/api/no-such-route" }), 404, "NOT_FOUND");
    expectError(await t.app.inject({ method: "GET", url: "/api/no-such-route" }), 404, "NOT_FOUND");
  });
});

/** Sends raw bytes to the listening server and reads what it answers before it closes the connection. */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(request));
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk.toString("utf8");
    });
    socket.on("error", () => resolve(answer));
    socket.on("close", () => resolve(answer));
    setTimeout(() => reject(new Error(`no answer: ${answer}`)), 10_000).unref();
  });
}

describe("headers too large", () => {
  it("are refused with 431 in the error shape", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as net.AddressInfo;
    const answer = await rawExchange(
      port,
      `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`,
    );
    const [head = "", body = ""] = answer.split("\r\n\r\n");
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(head).toMatch(/^Content-Type: application\/json/im);
    expect(JSON.parse(body)).toEqual({
      error: { code: "HEADERS_TOO_LARGE", message: "The request's headers are too large." },
    });
  });
});
