import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import { acknowledgeClashesIn } from "./clashes";
import { permitIdOf, signOnCrewByApi } from "./crew";
import { passingGasTestIfRequired } from "./gas";

/** A clash that appeared after the dialog opened is refused, then listed: acknowledge it and sign again. */
async function acknowledgeLateClashes(dialog: Locator) {
  const refused = dialog.getByText(/acknowledge each clash with a remark first/);
  // Signed: the dialog closes. Refused for a new clash: it stays, saying so.
  await dialog.waitFor({ state: "hidden", timeout: 5_000 }).catch(() => undefined);
  if (!(await refused.isVisible())) return;
  await expect(dialog.locator("textarea[data-testid^='clash-remark-']").last()).toBeVisible();
  await acknowledgeClashesIn(dialog);
  await dialog.getByTestId("sign-confirm").click();
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
  await acknowledgeClashesIn(dialog);
  await dialog.getByTestId("sign-confirm").click();
  if (action === "verify" || action === "approve") await acknowledgeLateClashes(dialog);
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
