import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { bearerOf, getData } from "./api";
import { DEMO } from "./demo-accounts";

interface TGasesToRead {
  gases: { id: string; lowLimit: number | null; highLimit: number | null }[];
}

/** A reading inside a gas's limits: halfway between them, or just inside the one it has. */
const safeValue = ({ lowLimit, highLimit }: { lowLimit: number | null; highLimit: number | null }) =>
  lowLimit !== null && highLimit !== null ? (lowLimit + highLimit) / 2 : lowLimit !== null ? lowLimit + 1 : 0;

/**
 * Records a passing gas test through the API, by the holder (the demo Supplier), when the permit's work type requires
 * one (docs/safety.md, Gas tests): a journey about something else gets past the start gate as the holder would.
 */
export async function passingGasTestIfRequired(request: APIRequestContext, permitId: string) {
  const supplier = await bearerOf(request, DEMO.supplier.email);
  const permit = await getData<{ gasTest: unknown | null }>(request, `/api/permits/${permitId}`, supplier);
  if (permit.gasTest === null) return;
  const { gases } = await getData<TGasesToRead>(request, `/api/permits/${permitId}/gas-tests`, supplier);
  const recorded = await request.post(`/api/permits/${permitId}/gas-tests`, {
    headers: supplier,
    data: {
      instrumentId: "E2E-DETECTOR-1",
      calibratedOn: new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10),
      readings: gases.map((gas) => ({ gasId: gas.id, value: safeValue(gas) })),
    },
  });
  expect(recorded.status(), await recorded.text()).toBe(201);
}

/** Records a gas test in the permit's dialog (the demo's four gases) and waits for the server's verdict. */
export async function recordGasTest(page: Page, readings: Record<string, string>) {
  await page.getByTestId("gas-test-open").click();
  const dialog = page.getByRole("dialog", { name: "Record a gas test" });
  await dialog.getByTestId("gas-test-instrument").fill("GX-2009 #41");
  for (const [gas, value] of Object.entries(readings)) await dialog.getByTestId(`gas-reading-${gas}`).fill(value);
  await dialog.getByTestId("gas-test-submit").click();
  const verdict = page.getByRole("dialog", { name: "Gas test recorded" });
  await expect(verdict.getByTestId("gas-test-verdict")).toBeVisible();
  return verdict;
}
