import { expect, type Page } from "@playwright/test";
import { SignJWT } from "jose";
import { E2E_JWT_SECRET } from "../playwright.config";
import { DEMO, DEMO_PASSWORD } from "./demo-accounts";

export async function signInThroughUi(page: Page, email: string, password: string) {
  await page.goto("/auth/sign-in/default");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Signs in whatever the page's language: by input type, not by label. */
export async function signInInAnyLanguage(page: Page, email: string, password: string) {
  await page.goto("/auth/sign-in/default");
  await page.locator("input[type=email]").fill(email);
  await page.locator("input[type=password]").fill(password);
  await page.keyboard.press("Enter");
}

export async function expectArea(page: Page, area: string) {
  await expect(page).toHaveURL(new RegExp(`/${area}/default$`));
}

export type TDemoRole = keyof typeof DEMO;

/** Signs in as one of the demo accounts, whatever the page's language, and waits for its area's dashboard. */
export async function signInAsDemo(page: Page, role: TDemoRole) {
  await signInInAnyLanguage(page, DEMO[role].email, DEMO_PASSWORD);
  await expectArea(page, DEMO[role].area);
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
