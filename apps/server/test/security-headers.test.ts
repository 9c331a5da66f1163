import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { permits } from "../src/db/schema";
import { redactUrl } from "../src/lib/log-redaction";
import { PASSWORD, signIn } from "./helpers/factories";
import { get, post, upload } from "./helpers/http";
import { PDF_BYTES, png } from "./helpers/organisation";
import { completeDraft, createPermitWorld, type TPermitWorld, tokenFor } from "./helpers/permits";
import { createTestApp, type TTestApp } from "./helpers/test-app";

/**
 * The security headers on every kind of answer (API JSON, errors, the web app, hashed assets,
 * uploaded files, the permit PDF, the public permit check, the calendar feed), uploads served so that a browser
 * never renders them on our origin, and none of the secrets used here in the app's log.
 */
let t: TTestApp;
let w: TPermitWorld;
let webDist: string;
const ASSET = "assets/index-Bq3xZ9aa.js";
/** Every secret this file handles: none may reach the log. */
const secrets: string[] = [PASSWORD];

beforeAll(async () => {
  // A tiny built web app: the real build is not needed to see how its files are served.
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), "openpermit-web-"));
  fs.mkdirSync(path.join(webDist, "assets"));
  fs.writeFileSync(
    path.join(webDist, "index.html"),
    '<!doctype html><html><script type="module" src="/x.js"></script>',
  );
  fs.writeFileSync(path.join(webDist, ASSET), "console.log(1);");
  fs.writeFileSync(path.join(webDist, `${ASSET}.br`), zlib.brotliCompressSync("console.log(1);"));
  t = await createTestApp({ webDist });
  w = await createPermitWorld(t.ctx);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const as = async (person: TPermitWorld["employee"]) => {
  const token = await tokenFor(t.ctx, person);
  secrets.push(token);
  return { token };
};

/** What every answer carries, whatever it is. */
function expectBaseline(response: LightMyRequestResponse) {
  const h = response.headers;
  expect(h["x-content-type-options"], response.raw.req.url).toBe("nosniff");
  expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(h["cross-origin-opener-policy"]).toBe("same-origin");
  expect(h["cross-origin-resource-policy"]).toBe("same-origin");
  expect(h["x-frame-options"]).toBe("DENY");
  expect(h["x-powered-by"]).toBeUndefined();
  expect(h.server).toBeUndefined();
  const csp = String(h["content-security-policy"]);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("object-src 'none'");
}
/**
 * An answer only its caller may see: no cache keeps it, the browser's included — an image or a file still in the
 * browser's cache after sign-out would show to the next person at that computer.
 */
const expectPrivate = (response: LightMyRequestResponse) =>
  expect(String(response.headers["cache-control"]), response.raw.req.url).toMatch(/no-store/);

describe("security headers", () => {
  it("are on API answers, success and error alike, and authenticated answers are never stored by a cache", async () => {
    const signedIn = await signIn(t.app, w.employee.email);
    secrets.push(signedIn.token, signedIn.refreshCookie);
    const me = await get(t.app, "/api/permits?page=1&pageSize=5", { token: signedIn.token });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.headers["content-type"]).toMatch(/^application\/json/);
    expectBaseline(me);
    expectPrivate(me);

    const refused = await get(t.app, "/api/permits");
    expect(refused.statusCode).toBe(401);
    expectBaseline(refused);
    expectPrivate(refused);
    const unknown = await get(t.app, "/api/no-such-route", { token: signedIn.token });
    expect(unknown.statusCode).toBe(404);
    expectBaseline(unknown);
    expect(unknown.json()).toMatchObject({ error: { code: "NOT_FOUND" } });
    // The web app's catch-all answers every GET, yet an API path that takes other methods says so.
    const wrongMethod = await get(t.app, "/api/managers/00000000-0000-4000-8000-000000000000/resend-invitation");
    expect(wrongMethod.statusCode).toBe(405);
    expect(wrongMethod.headers.allow).toBe("POST");
    expect(wrongMethod.json()).toMatchObject({ error: { code: "METHOD_NOT_ALLOWED" } });
    expectBaseline(wrongMethod);
  });

  it("are on the web app: its page (with the CSP that forbids framing) and its hashed assets", async () => {
    for (const url of ["/", "/enterprise/dashboard"]) {
      const page = await get(t.app, url);
      expect(page.statusCode).toBe(200);
      expect(page.headers["content-type"]).toMatch(/^text\/html/);
      expect(page.headers["cache-control"]).toBe("no-cache");
      expectBaseline(page);
    }
    const asset = await get(t.app, `/${ASSET}`);
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expectBaseline(asset);
    // The build's precompressed copy, to browsers that take it: the same headers.
    const compressed = await get(t.app, `/${ASSET}`, { headers: { "accept-encoding": "br, gzip" } });
    expect(compressed.headers["content-encoding"]).toBe("br");
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(compressed.rawPayload).toString()).toBe("console.log(1);");
    expectBaseline(compressed);
    // Outside the built app, nothing: no path leads back up into the server's files.
    expect((await get(t.app, "/..%2f..%2fpackage.json")).headers["content-type"]).toMatch(/^text\/html/);
  });

  it("serve uploads as attachments typed by their bytes, never as HTML, and refuse HTML or SVG in disguise", async () => {
    const enterprise = await as(w.enterpriseUser);
    const files = `/api/work-types/${w.workType.id}/files`;
    const document = await upload(
      t.app,
      "POST",
      files,
      "file",
      {
        data: PDF_BYTES,
        filename: "procedure.html",
        type: "text/html",
      },
      enterprise,
    );
    expect(document.statusCode, document.body).toBe(201);
    expect(document.json().data.contentType).toBe("application/pdf");
    const served = await get(t.app, document.json().data.url, enterprise);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("application/pdf");
    expect(served.headers["content-disposition"]).toMatch(/^attachment; filename="procedure.html"/);
    expectBaseline(served);
    expectPrivate(served);

    for (const [data, type] of [
      ["<!doctype html><script>alert(document.cookie)</script>", "text/html"],
      ['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', "image/svg+xml"],
    ] as const) {
      const hostile = await upload(
        t.app,
        "POST",
        files,
        "file",
        { data: Buffer.from(data), filename: "a.pdf", type },
        enterprise,
      );
      expect(hostile.statusCode, hostile.body).toBe(415);
      expectBaseline(hostile);
    }
    const kept = (await get(t.app, `/api/work-types/${w.workType.id}`, enterprise)).json().data.files;
    expect(kept.map((file: { contentType: string }) => file.contentType)).toEqual(["application/pdf"]);

    // A permit's files come from outside the company: even an image downloads.
    const employee = await as(w.employee);
    const draft = await post(t.app, "/api/permits", completeDraft(w), employee);
    expect(draft.statusCode, draft.body).toBe(201);
    const id = draft.json().data.id as string;
    const image = await upload(
      t.app,
      "POST",
      `/api/permits/${id}/files`,
      "file",
      {
        data: png(4, 4),
        filename: "site.png",
        type: "text/html",
      },
      employee,
    );
    expect(image.statusCode, image.body).toBe(201);
    const shown = await get(t.app, image.json().data.url, employee);
    expect(shown.headers["content-type"]).toBe("image/png");
    expect(shown.headers["content-disposition"]).toMatch(/^attachment;/);
    expectBaseline(shown);
    expectPrivate(shown);
  });

  it("are on the permit PDF, the public permit check and the private calendar feed", async () => {
    const employee = await as(w.employee);
    const draft = await post(t.app, "/api/permits", completeDraft(w), employee);
    const id = draft.json().data.id as string;
    expect((await post(t.app, `/api/permits/${id}/send`, undefined, employee)).statusCode).toBe(200);
    const pdf = await get(t.app, `/api/permits/${id}/pdf`, employee);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-disposition"]).toMatch(/^attachment;/);
    expectBaseline(pdf);
    expectPrivate(pdf);

    const [row] = await t.ctx.db.select({ token: permits.checkToken }).from(permits).where(eq(permits.id, id));
    secrets.push(row!.token!);
    const check = await get(t.app, `/api/public/permit-checks/${row!.token}`);
    expect(check.statusCode, check.body).toBe(200);
    expectBaseline(check);
    expect(check.headers["cache-control"]).toBe("no-store");

    const feed = await post(t.app, "/api/calendar-feed", undefined, await as(w.verifier));
    const feedPath = new URL(feed.json().data.url).pathname;
    secrets.push(
      feedPath
        .split("/")
        .pop()!
        .replace(/\.ics$/, ""),
    );
    const ics = await get(t.app, feedPath);
    expect(ics.statusCode).toBe(200);
    expect(ics.headers["content-type"]).toMatch(/^text\/calendar/);
    expectBaseline(ics);
    expectPrivate(ics);
  });

  it("leave none of the secrets used above in the log", () => {
    expect(t.logLines.length).toBeGreaterThan(10);
    const leaks = t.logLines.filter((line) => secrets.some((secret) => line.includes(secret)));
    expect(leaks).toEqual([]);
    expect(t.logLines.filter((line) => /eyJ[\w-]+\.eyJ|authorization"\s*:\s*"Bearer/i.test(line))).toEqual([]);
  });
});

describe("request lines in the log", () => {
  it("keep the path's shape and lose its secrets", () => {
    expect(redactUrl("/api/public/permit-checks/N3j_BHr7u4dLNg?x=1")).toBe("/api/public/permit-checks/[redacted]?x=1");
    expect(redactUrl("/api/public/calendar/4f1c.abc-_.ics")).toBe("/api/public/calendar/[redacted]");
    expect(redactUrl("/auth/permit-check/Tok_en")).toBe("/auth/permit-check/[redacted]");
    expect(redactUrl("/auth/Complete-Account?lang=fr&token=abc.def&x=1")).toBe(
      "/auth/Complete-Account?lang=fr&token=[redacted]&x=1",
    );
    expect(redactUrl("/auth/reset?Code=123456")).toBe("/auth/reset?Code=[redacted]");
    expect(redactUrl("/api/permits?page=2&q=token")).toBe("/api/permits?page=2&q=token");
  });
});
