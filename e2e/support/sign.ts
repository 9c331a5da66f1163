import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import { acknowledgeClashesIn } from "./clashes";
import { permitIdOf, signOnCrewByApi } from "./crew";
import { passingGasTestIfRequired } from "./gas";

/**
 * Confirms an open signing dialog. Journeys run side by side on the demo's places, so a clash may appear after the
 * dialog opened: listed when it loads again, or refused by the server and then listed. Either way its remark is
 * empty and the dialog stays: acknowledge it and confirm again. Returns with the dialog closed (signed) or open for
 * another refusal (a wrong password), which the caller checks.
 */
export async function confirmSigning(dialog: Locator) {
  for (let attempt = 0; attempt < 3; attempt++) {
    await acknowledgeClashesIn(dialog);
    await dialog.getByTestId("sign-confirm").click();
    await dialog.waitFor({ state: "hidden", timeout: 5_000 }).catch(() => undefined);
    if (!(await dialog.isVisible())) return;
    const remarks = dialog.locator("textarea[data-testid^='clash-remark-']");
    const unanswered = await remarks.evaluateAll((all) => all.some((r) => !(r as HTMLTextAreaElement).value));
    if (!unanswered) return;
  }
}

/**
 * Signs a permit action (verify, approve, handBack, resume) through its dialog: ticks the declaration, types the password
 * and confirms. Leaves the dialog open when the server refuses (a wrong password is corrected in place).
 */
export async function signThroughDialog(
  page: Page,
  action: "verify" | "approve" | "handBack" | "resume",
  password: string,
) {
  await page.getByTestId(`permit-action-${action}`).click();
  const dialog = page.getByTestId("sign-dialog");
  await expect(dialog).toBeVisible();
  const declaration = dialog.getByTestId("sign-declaration");
  if (!(await declaration.isChecked())) await declaration.check();
  await dialog.getByTestId("sign-password").fill(password);
  // Verify and approve list the permit's clashes first, each to acknowledge (support/clashes.ts).
  await expect(dialog.getByText("Looking for other work at the same place and time…")).toBeHidden();
  if (action === "verify" || action === "approve") await confirmSigning(dialog);
  else await dialog.getByTestId("sign-confirm").click();
  return dialog;
}

/** The permit holder's close-out ("End the work"): work complete, area safe, tools removed, everyone out. */
export async function closeOutThroughDialog(page: Page) {
  await page.getByTestId("permit-action-end").click();
  const dialog = page.getByTestId("close-out-dialog");
  await dialog.getByTestId("close-out-work-complete-yes").check();
  for (const name of ["areaSafe", "toolsRemoved", "peopleOut"]) await dialog.getByTestId(`close-out-${name}`).check();
  await dialog.getByTestId("close-out-confirm").click();
  await expect(page.getByText("Close-out recorded: awaiting hand-back").last()).toBeVisible();
}

/**
 * The holder accepts the conditions (reads them, ticks the declaration) and starts the work after confirming its
 * window, each through its dialog (permit-acceptance.spec.ts checks the dialogs themselves). The crew is signed
 * on through the API in between (hot-work-journey.spec.ts checks its screens): the start needs a worker signed on.
 */
export async function acceptAndStartThroughDialogs(page: Page, request: APIRequestContext) {
  await page.getByTestId("permit-action-accept").click();
  const accept = page.getByRole("dialog", { name: "Accept the conditions" });
  await accept.getByTestId("accept-declaration").check();
  await accept.getByRole("button", { name: "Accept the conditions" }).click();
  await expect(page.getByTestId("permit-action-accept")).toBeHidden();
  await signOnCrewByApi(request, permitIdOf(page));
  await passingGasTestIfRequired(request, permitIdOf(page));
  await page.getByTestId("permit-action-start").click();
  await page.getByRole("dialog", { name: "Start the work?" }).getByRole("button", { name: "Start the work" }).click();
  await expect(page.getByTestId("permit-action-start")).toBeHidden();
}
