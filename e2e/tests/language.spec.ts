import { AUTH_PATHS, authPath } from "@openpermit/shared";
import { uniqueEmail } from "../support/accounts";
import { bearerOf, createPermitManager, getData } from "../support/api";
import { DEMO } from "../support/demo-accounts";
import { areaPath } from "../support/paths";
import { expectArea, signInByApi, signInThroughUi } from "../support/session";
import { expect, test } from "../support/test";

test("switching to French persists across reloads", async ({ page }) => {
  await page.goto(authPath(AUTH_PATHS.signInDefault));
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();

  await page.getByLabel("Language").first().click();
  await page.getByText("FR", { exact: true }).first().click();
  await expect(page.getByRole("button", { name: "Se connecter" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("fr");

  await page.reload();
  await expect(page.getByRole("button", { name: "Se connecter" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
});

test("the translations are the build's own, which the browser keeps: a reload asks the server for none", async ({
  page,
}) => {
  // Chromium's own account of where each answer came from (Playwright reports a request either way).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const answers: Array<{ url: string; fromDiskCache: boolean; cacheControl: string }> = [];
  cdp.on("Network.responseReceived", ({ response }) => {
    if (!new URL(response.url).pathname.includes("/locales")) return;
    const cacheControl = Object.entries(response.headers).find(([name]) => name.toLowerCase() === "cache-control");
    answers.push({
      url: response.url,
      fromDiskCache: response.fromDiskCache === true,
      cacheControl: String(cacheControl?.[1]),
    });
  });
  try {
    await page.goto(authPath(AUTH_PATHS.signInDefault));
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
    // Under a path of their version, which the server lets browsers keep: another build's texts live elsewhere.
    const first = answers.splice(0);
    expect(first.length).toBeGreaterThanOrEqual(5);
    for (const answer of first) {
      expect(new URL(answer.url).pathname).toMatch(/^\/assets\/locales-[0-9a-f]{10}\/en\/[A-Za-z]+\.json$/);
      if (!answer.fromDiskCache) expect(answer.cacheControl).toContain("immutable");
    }

    await page.reload();
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
    const again = answers.splice(0);
    expect(again.map((answer) => answer.url).sort()).toEqual(first.map((answer) => answer.url).sort());
    expect(again.filter((answer) => !answer.fromDiskCache)).toEqual([]);
  } finally {
    await cdp.detach();
  }
});

test("a first visit follows the browser's language when it is French", async ({ browser }) => {
  const context = await browser.newContext({ locale: "fr-FR" });
  const page = await context.newPage();
  await page.goto(authPath(AUTH_PATHS.signInDefault));
  await expect(page.getByRole("button", { name: "Se connecter" })).toBeVisible();
  await context.close();
});

test("the language follows the person: chosen on one device, it is the app's on another after sign-in", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  // A person of its own: the demo accounts are shared with specs that read their screens in English.
  const enterprise = await bearerOf(request, DEMO.enterprise.email);
  const [division] = await getData<Array<{ name: string }>>(request, "/api/divisions", enterprise);
  const manager = {
    name: "Lena Langue",
    email: uniqueEmail("langue"),
    password: "Langue-pass-1",
    division: division!.name,
    sector: /./,
    role: "verifier",
  };
  await createPermitManager(request, enterprise, manager);

  // One device: the app in English; French chosen in the header is saved on the account.
  const first = await (await browser.newContext()).newPage();
  await signInByApi(first, manager.email, manager.password);
  await first.goto(areaPath("responsible", "dashboard"));
  await expect(first.locator("html")).toHaveAttribute("lang", "en");
  await first.getByRole("banner").getByText("FR", { exact: true }).click();
  await expect(first.locator("html")).toHaveAttribute("lang", "fr");
  const bearer = await bearerOf(request, manager.email, manager.password);
  await expect
    .poll(async () => (await getData<{ language: string }>(request, "/api/auth/me", bearer)).language)
    .toBe("fr");

  // Another device, whose browser never chose (and reads English): once signed in, the app is in French.
  const second = await (await browser.newContext({ locale: "en-GB" })).newPage();
  await signInThroughUi(second, manager.email, manager.password);
  await expectArea(second, "responsible");
  await expect(second.locator("html")).toHaveAttribute("lang", "fr");
  await expect(second.getByRole("banner").getByRole("radio", { name: "FR" })).toBeChecked();
});
