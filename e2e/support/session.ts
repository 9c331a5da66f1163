import { randomUUID } from "node:crypto";
import { AREA_PATHS, AUTH_PATHS, authPath, type TArea } from "@openpermit/shared";
import { type Browser, expect, type Page } from "@playwright/test";
import { SignJWT } from "jose";
import { E2E_JWT_SECRET } from "../playwright.config";
import { DEMO, DEMO_PASSWORD } from "./demo-accounts";
import { areaPath } from "./paths";
import { DESKTOP_EN, useScreen } from "./screens";

export async function signInThroughUi(page: Page, email: string, password: string) {
  await page.goto(authPath(AUTH_PATHS.signInDefault));
  await page.getByLabel("Email").fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Signs in whatever the page's language: by input type, not by label. */
export async function signInInAnyLanguage(page: Page, email: string, password: string) {
  await page.goto(authPath(AUTH_PATHS.signInDefault));
  await page.locator("input[type=email]").fill(email);
  await page.locator("input[type=password]").fill(password);
  await page.keyboard.press("Enter");
}

export async function expectArea(page: Page, area: string) {
  await expect(page).toHaveURL(new RegExp(`/${area}/${AREA_PATHS.dashboard}$`));
}

export type TDemoRole = keyof typeof DEMO;

/**
 * Signs in through the API, without the sign-in page: the refresh cookie lands in the page's context and the access
 * token in its localStorage before the next page loads, as the sign-in page would leave them. The sign-in page has its
 * own tests (roles-and-redirects, sign-in-accessibility, session-refresh); every other test starts where it means to
 * go, which spares each of them two page loads (the sign-in page and the dashboard) on CI's two shared cores.
 */
export async function signInByApi(page: Page, email: string, password: string) {
  const response = await page.request.post("/api/auth/sign-in", { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  const token = (await response.json()).data.token as string;
  // Once per sign-in and tab: a later navigation must keep whatever the app stored since (a refreshed token, or none
  // after signing out), and a second sign-in in the same tab (after signing out) must take over.
  await page.addInitScript(
    ({ signedIn, seed }) => {
      if (sessionStorage.getItem(seed)) return;
      localStorage.setItem("token", signedIn);
      sessionStorage.setItem(seed, "done");
    },
    { signedIn: token, seed: `e2e-sign-in-${randomUUID()}` },
  );
  // A light page of the app's origin (no app to load), where the token is now stored: helpers that call the API
  // from the page find it there.
  await page.goto("/api/health");
}

/** Signs in as one of the demo accounts (through the API); the caller opens the page it needs. */
export async function signInAsDemo(page: Page, role: TDemoRole) {
  await signInByApi(page, DEMO[role].email, DEMO_PASSWORD);
}

/** Signs in as one of the demo accounts and opens its area's dashboard. */
export async function openDashboardAs(page: Page, role: TDemoRole) {
  await signInAsDemo(page, role);
  await page.goto(areaPath(DEMO[role].area, "dashboard"));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
}

/** An access token that the server would have signed, but already expired. */
export async function expiredTokenFor(claims: { email: string; role: string; id: string }) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email: claims.email, role: claims.role, certserialnumber: claims.id })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer("openpermit")
    .setSubject(claims.id)
    .setIssuedAt(now - 3600)
    .setExpirationTime(now - 1800)
    .sign(new TextEncoder().encode(E2E_JWT_SECRET));
}

export function decodeToken(token: string): { email: string; role: string; certserialnumber: string; exp: number } {
  return JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString("utf8"));
}

/**
 * A browser of its own, signed in (through the API: the sign-in page has its own specs) on `at` (its area's dashboard
 * unless told), at the wide extreme: the permit screens a journey opens are checked there (the narrow extreme is
 * role-screens-accessibility's). A person whose first screen is known opens it straight away: each page load is the
 * whole app's, and the dashboard loaded only to be left cost as much again.
 */
export async function signedIn(
  browser: Browser,
  area: TArea,
  email: string,
  password = DEMO_PASSWORD,
  at = areaPath(area, "dashboard"),
): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await useScreen(page, DESKTOP_EN);
  await signInByApi(page, email, password);
  await page.goto(at);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  return page;
}

/** One of the demo accounts in a browser of its own, on `at` (its area's dashboard unless told): `signedIn`'s. */
export function signedInAsDemo(browser: Browser, role: TDemoRole, at?: string): Promise<Page> {
  return signedIn(browser, DEMO[role].area, DEMO[role].email, DEMO_PASSWORD, at);
}
