import { type APIRequestContext, expect } from "@playwright/test";
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
