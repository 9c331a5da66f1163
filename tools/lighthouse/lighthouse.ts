/// <reference types="node" />
/**
 * `npm run lighthouse` (after `npm run build`): the built app on a fresh demo data directory, then Lighthouse
 * (mobile, its default) on the sign-in page and on a signed-in dashboard, in Debian's Chromium. Prints the four
 * category scores of each (goal ≥ 90). Not run by CI: scores move with the machine's load.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import puppeteer, { type Browser, type Page } from "puppeteer-core";

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3412);
const ORIGIN = `http://localhost:${PORT}`;
const DATA_DIR = process.env.LIGHTHOUSE_DATA_DIR ?? path.join(os.tmpdir(), "openpermit-lighthouse");
const CHROME = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const DEMO = { email: "enterprise@demo.openpermit.test", password: "Demo-Permit-2026", area: "enterprise" };
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const GOAL = 90;

async function startServer(): Promise<ChildProcess> {
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  fs.mkdirSync(DATA_DIR, { recursive: true });
  const log = fs.openSync(path.join(DATA_DIR, "server.log"), "a");
  const server = spawn(process.execPath, ["--enable-source-maps", "apps/server/dist/demo.js"], {
    cwd: repoRoot,
    stdio: ["ignore", log, log],
    env: {
      ...process.env,
      DATA_DIR,
      PORT: String(PORT),
      PUBLIC_URL: ORIGIN,
      JWT_SECRET: randomBytes(32).toString("hex"),
      LOG_LEVEL: "warn",
    },
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server stopped (see ${DATA_DIR}/server.log)`);
    const up = await fetch(`${ORIGIN}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return server;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The server did not answer within 120 s (see ${DATA_DIR}/server.log)`);
}

type TScores = Record<(typeof CATEGORIES)[number], number>;

async function audit(url: string, port: number, page?: Page): Promise<TScores> {
  // Signed in, the session lives in the refresh cookie and local storage: Lighthouse must keep them.
  const flags = { port, output: "json" as const, logLevel: "error" as const, disableStorageReset: Boolean(page) };
  const result = await lighthouse(url, flags, undefined, page);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, finalDisplayedUrl, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`${url}: ${runtimeError.code} ${runtimeError.message}`);
  if (page && !finalDisplayedUrl.includes(`/${DEMO.area}/`))
    throw new Error(`Not signed in: ended on ${finalDisplayedUrl}`);
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round((categories[id]?.score ?? 0) * 100)]),
  ) as TScores;
  const failing = Object.values(result.lhr.audits)
    .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative")
    .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ""}`);
  console.log(`  ${url}`);
  console.log(`    ${CATEGORIES.map((id) => `${id} ${scores[id]}`).join(" · ")}`);
  if (failing.length > 0) console.log(`    below 0.9: ${failing.join(", ")}`);
  return scores;
}

async function signIn(browser: Browser): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${ORIGIN}/auth/sign-in/default`, { waitUntil: "networkidle0" });
  await page.type("input[type=email]", DEMO.email);
  await page.type("input[type=password]", DEMO.password);
  await Promise.all([page.waitForNavigation({ waitUntil: "networkidle0" }), page.keyboard.press("Enter")]);
  if (!page.url().includes(`/${DEMO.area}/`)) throw new Error(`Sign-in did not land in the area: ${page.url()}`);
  return page;
}

const server = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: CHROME,
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});
let failed = false;
try {
  console.log(`Lighthouse (mobile) on ${ORIGIN}, Chromium ${CHROME}`);
  const all = [await audit(`${ORIGIN}/auth/sign-in/default`, chrome.port)];
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await signIn(browser);
  all.push(await audit(`${ORIGIN}/${DEMO.area}/default`, chrome.port, page));
  await browser.disconnect();
  const below = all.flatMap((scores) => CATEGORIES.filter((id) => scores[id] < GOAL));
  console.log(below.length === 0 ? `Every score ≥ ${GOAL}.` : `Below the goal of ${GOAL}: ${below.join(", ")}.`);
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  chrome.kill();
  server.kill("SIGTERM");
}
process.exit(failed ? 1 : 0);
