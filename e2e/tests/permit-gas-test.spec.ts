import { permitPaths } from "@openpermit/shared";
import { expect, type Page, test } from "@playwright/test";
import { bearerOf } from "../support/api";
import { signOnCrewByApi } from "../support/crew";
import { DEMO } from "../support/demo-accounts";
import { acceptedByOwnManagers, employeeDraft } from "../support/permit-api";
import { expectNoSeriousAxeViolations } from "../support/screens";
import { signedIn } from "../support/session";

const MANAGER_PASSWORD = "Gas-test-pass-1";

/** Records a gas test in the permit's dialog (the demo's four gases) and waits for the server's verdict. */
async function recordGasTest(page: Page, readings: Record<string, string>) {
  await page.getByTestId("gas-test-open").click();
  const dialog = page.getByRole("dialog", { name: "Record a gas test" });
  await dialog.getByTestId("gas-test-instrument").fill("GX-2009 #41");
  for (const [gas, value] of Object.entries(readings)) await dialog.getByTestId(`gas-reading-${gas}`).fill(value);
  await dialog.getByTestId("gas-test-submit").click();
  const verdict = page.getByRole("dialog", { name: "Gas test recorded" });
  await expect(verdict.getByTestId("gas-test-verdict")).toBeVisible();
  return verdict;
}

test("a hot-work permit cannot start without a passing gas test; a passing test lets it start; a failing re-test suspends it", async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const employee = await bearerOf(request, DEMO.employee.email);
  // The demo's hot work requires a gas test before the start (re-test every 2 h).
  const draft = await employeeDraft(request, employee, (original) => original.workType?.name === "Hot work");
  await acceptedByOwnManagers(request, employee, draft, {
    verifier: "Gaston Verifier",
    approver: "Gabrielle Approver",
    password: MANAGER_PASSWORD,
  });
  await signOnCrewByApi(request, draft.id);

  // Without a gas test the permit says so, and the start is refused for that reason.
  const holder = await signedIn(browser, "employee", DEMO.employee.email);
  await holder.goto(permitPaths("employee").view(draft.id));
  await expect(holder.getByTestId("gas-test-needed")).toBeVisible();
  await holder.getByTestId("permit-action-start").click();
  const start = holder.getByRole("dialog", { name: "Start the work?" });
  await start.getByRole("button", { name: "Start the work" }).click();
  await expect(start).toContainText("without a passing gas test");
  await start.getByRole("button", { name: "Cancel" }).click();

  // The holder records a passing test: the server judges each gas; then the work starts.
  const passed = await recordGasTest(holder, { "O₂": "20.9", Flammables: "0", "H₂S": "0", CO: "2" });
  await expect(passed.getByTestId("gas-verdict-H₂S")).toContainText("Passed");
  await expectNoSeriousAxeViolations(holder, "the gas test's verdict");
  await passed.getByTestId("gas-test-done").click();
  await expect(holder.getByTestId("gas-test-latest")).toContainText("Passed");
  await holder.getByTestId("permit-action-start").click();
  await holder.getByRole("dialog", { name: "Start the work?" }).getByRole("button", { name: "Start the work" }).click();
  await expect(holder.getByTestId("permit-action-start")).toBeHidden();

  // A re-test reads H₂S above its limit: the server fails it and suspends the work in the same step.
  const failed = await recordGasTest(holder, { "O₂": "20.9", Flammables: "0", "H₂S": "8", CO: "2" });
  await expect(failed.getByTestId("gas-verdict-H₂S")).toContainText("Failed");
  await failed.getByTestId("gas-test-done").click();
  await expect(holder.getByTestId("permit-suspension")).toContainText("H₂S read 8 ppm");
  await expect(holder.getByTestId("gas-test-history")).toContainText("H₂S 8 ppm");
});
