import type { ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { HEARTBEAT_MS, StreamHub } from "../src/modules/notifications/stream-hub";
import { StreamTickets } from "../src/modules/notifications/stream-ticket";
import type { TPerson } from "./helpers/factories";
import { expectError, get, post } from "./helpers/http";
import { completeDraft, createPermitWorld, type TPermitWorld, tokenFor } from "./helpers/permits";
import { createTestApp, type TTestApp } from "./helpers/test-app";

let t: TTestApp;
let w: TPermitWorld;
let url: string;

beforeAll(async () => {
  t = await createTestApp();
  w = await createPermitWorld(t.ctx);
  url = await t.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => t.close());

async function ticketOf(person: TPerson, app: FastifyInstance = t.app): Promise<string> {
  const response = await post(app, "/api/notifications/stream-ticket", undefined, await t.as(person).call());
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.ticket;
}

/** A stream opened by a real HTTP request, read as it comes. */
async function openStream(base: string, ticket: string) {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/notifications/stream?ticket=${encodeURIComponent(ticket)}`, {
    signal: controller.signal,
  });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let received = "";
  let ended = false;
  const pump = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        received += decoder.decode(value, { stream: true });
      }
    } catch {
      // Aborted by the test.
    }
    ended = true;
  })();
  return {
    response,
    get text() {
      return received;
    },
    get ended() {
      return ended;
    },
    /** The `notification` events received so far, parsed. */
    events: () =>
      received
        .split("\n\n")
        .filter((block) => block.startsWith("event: notification\n"))
        .map((block) => JSON.parse(block.slice(block.indexOf("data: ") + 6))),
    close: async () => {
      controller.abort();
      await pump;
    },
    finished: pump,
  };
}

async function eventually(check: () => boolean, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("not within the time limit");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function sentPermit() {
  const draft = await t.as(w.employee).post("/api/permits", completeDraft(w));
  expect(draft.statusCode, draft.body).toBe(201);
  const id = draft.json().data.id as string;
  expect((await t.as(w.employee).post(`/api/permits/${id}/send`, undefined)).statusCode).toBe(200);
  return id;
}

describe("the notification stream", () => {
  it("delivers a new notification as a `notification` event within seconds", async () => {
    const stream = await openStream(url, await ticketOf(w.verifier));
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(stream.response.headers.get("content-encoding")).toBeNull();
    const id = await sentPermit();
    await eventually(() => stream.events().length > 0);
    expect(stream.events()[0]).toMatchObject({
      kind: "permit.sent",
      link: `/responsible/permit/${id}`,
      readAt: null,
      params: { taskTitle: "Weld the tank flange" },
    });
    await stream.close();
  });

  it("gives each person only its own, and reaches streams open on another server instance", async () => {
    // A second instance of the application on the same database: the NOTIFY crosses instances.
    const other = await buildApp(t.ctx, {});
    const otherUrl = await other.listen({ port: 0, host: "127.0.0.1" });
    try {
      const verifierStream = await openStream(otherUrl, await ticketOf(w.verifier, other));
      const approverStream = await openStream(url, await ticketOf(w.approver));
      const id = await sentPermit();
      await eventually(() => verifierStream.events().some((e) => e.link.endsWith(id)));
      // The approver is not told of a send; give its stream the same time to (wrongly) receive one.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(approverStream.events()).toEqual([]);
      await approverStream.close();

      // Closing the instance ends its open streams instead of waiting for them (app.close must not hang).
      const started = Date.now();
      await other.close();
      await verifierStream.finished;
      expect(verifierStream.ended).toBe(true);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await other.close();
    }
  });

  it("refuses a missing, forged or expired ticket, and an access token as a ticket (401)", async () => {
    expectError(await get(t.app, "/api/notifications/stream?ticket=nonsense"), 401, "UNAUTHENTICATED");
    expectError(await get(t.app, "/api/notifications/stream"), 400, "VALIDATION_FAILED");
    const accessToken = await tokenFor(t.ctx, w.verifier);
    expectError(await get(t.app, `/api/notifications/stream?ticket=${accessToken}`), 401, "UNAUTHENTICATED");
    const expired = await new StreamTickets(t.ctx.codeKey).sign(w.verifier.id, -5);
    expectError(await get(t.app, `/api/notifications/stream?ticket=${expired}`), 401, "UNAUTHENTICATED");
    const forged = await new StreamTickets("another secret").sign(w.verifier.id);
    expectError(await get(t.app, `/api/notifications/stream?ticket=${forged}`), 401, "UNAUTHENTICATED");
  });

  it("opens one stream per ticket: a second open is refused (401), at once or on another instance", async () => {
    const other = await buildApp(t.ctx, {});
    const otherUrl = await other.listen({ port: 0, host: "127.0.0.1" });
    try {
      // Two opens of one ticket at once, one on each instance: exactly one stream.
      const ticket = await ticketOf(w.verifier);
      const both = await Promise.all([openStream(url, ticket), openStream(otherUrl, ticket)]);
      expect(both.map((stream) => stream.response.status).sort()).toEqual([200, 401]);
      // And again later, here: refused.
      const again = await openStream(url, ticket);
      expect(again.response.status).toBe(401);
      await Promise.all([...both, again].map((stream) => stream.close()));
      // A fresh ticket opens a stream.
      const fresh = await openStream(url, await ticketOf(w.verifier));
      expect(fresh.response.status).toBe(200);
      await fresh.close();
    } finally {
      await other.close();
    }
  });

  it("does not take a ticket as an access token, nor give one to someone signed out", async () => {
    const ticket = await ticketOf(w.verifier);
    expectError(await get(t.app, "/api/notifications", { token: ticket }), 401, "UNAUTHENTICATED");
    expectError(await post(t.app, "/api/notifications/stream-ticket"), 401, "UNAUTHENTICATED");
  });

  it("keeps a quiet stream alive with a comment line (every 25 s; faster here), and stops on close", async () => {
    expect(HEARTBEAT_MS).toBe(25_000);
    const hub = new StreamHub(t.ctx.pool, t.ctx.db, t.ctx.log, 20);
    const written: string[] = [];
    let ended = false;
    const res = {
      write: (chunk: string) => written.push(chunk) > 0,
      end: () => {
        ended = true;
      },
    } as unknown as ServerResponse;
    hub.add(w.verifier.id, res);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(written).toContain(": heartbeat\n\n");
    await hub.close();
    expect(ended).toBe(true);
    expect(hub.openStreams).toBe(0);
  });
});
