import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpBody } from "./helpers/accounts";
import { post } from "./helpers/http";
import { codeIn } from "./helpers/mail";
import { createTestApp, type TTestApp } from "./helpers/test-app";

// The other tests read e-mail from the in-memory mailbox; this one runs the app as it runs without SMTP_URL,
// writing each message to DATA_DIR/outbox (a product feature: someone running the app locally reads codes there).
let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({}, { mail: "outbox" });
});
afterAll(() => t.close());

const outbox = () => path.join(t.dataDir, "outbox");
const emlFiles = () => (fs.existsSync(outbox()) ? fs.readdirSync(outbox()).filter((f) => f.endsWith(".eml")) : []);

/** Resolves once the app logs that it wrote a message to `to` into the outbox (the log is written after the rename). */
function written(to: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const check = () => {
      for (const line of t.logLines) {
        const entry = JSON.parse(line) as { msg?: string; to?: string; file?: string };
        if (entry.msg?.startsWith("e-mail written to the outbox") && entry.to === to) return resolve(entry.file!);
      }
      if (Date.now() - started > 10_000) return reject(new Error(`no e-mail to ${to} in the outbox`));
      setTimeout(check, 50);
    };
    check();
  });
}

describe("the outbox (no SMTP_URL)", () => {
  it("writes each message whole to DATA_DIR/outbox as an .eml file only the app's user reads", async () => {
    const body = signUpBody();
    expect((await post(t.app, "/api/auth/sign-up", body)).statusCode).toBe(201);
    const file = await written(body.email);
    expect(path.dirname(file)).toBe(outbox());
    expect(emlFiles()).toEqual([path.basename(file)]);
    expect(fs.readdirSync(outbox()).filter((f) => f.endsWith(".tmp"))).toEqual([]);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const raw = fs.readFileSync(file, "utf8");
    expect(raw).toMatch(new RegExp(`^To: ${body.email}$`, "m"));
    expect(raw).toMatch(/^Subject: Your OpenPermit confirmation code/m);
    expect(codeIn({ raw })).toMatch(/^\d{6}$/);
    // Nothing went to the in-memory mailbox: this app has none.
    expect(t.mailbox.to(body.email)).toEqual([]);
  });
});
