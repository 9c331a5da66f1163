import { randomBytes, randomUUID } from "node:crypto";
import { gases } from "../../src/db/schema";
import type { TFixture, TScope } from "./fixture";
import { freshPermit, permitOf } from "./fresh";
import { ownOnly, sideOf, type TRule, type TRuleTable } from "./rule";
import { PERMIT_SCOPES } from "./rules-permits";

/**
 * Gas tests (access/gas-tests.ts): the enterprise's gases are its Enterprise account's alone (another tenant's 404);
 * a permit's tests are read by whoever sees the permit and recorded by its holder's side or a manager of its sector
 * (the matrix's work type requires none: those who may test are answered 409).
 */
const unique = () => randomBytes(4).toString("hex");
const GAS = { unit: "ppm", highLimit: 5 };

/** A gas of the scope's enterprise, made for one case (a delete takes its own). */
async function freshGas(f: TFixture, s: TScope) {
  const [gas] = await f.t.ctx.db
    .insert(gases)
    .values({ enterpriseId: sideOf(f, s).world.enterprise.id, name: `G-${unique()}`, ...GAS })
    .returning({ id: gases.id });
  return gas!.id;
}
const onGas = (body?: () => unknown): TRule => ({
  scopes: { own: "all", otherTenant: [] },
  target: async (f, s) => ({ params: { id: await freshGas(f, s) }, body: body?.() }),
});

export const GAS_TEST_RULES: TRuleTable = {
  "GET /api/gases": ownOnly(),
  "POST /api/gases": ownOnly(() => ({ body: { name: `G-${unique()}`, ...GAS } })),
  "PUT /api/gases/:id": onGas(() => ({ name: `G-${unique()}`, ...GAS })),
  "DELETE /api/gases/:id": onGas(),
  "GET /api/permits/:id/gas-tests": {
    scopes: PERMIT_SCOPES,
    target: (f, s) => ({ params: { id: permitOf(f, s).id } }),
  },
  "POST /api/permits/:id/gas-tests": {
    scopes: PERMIT_SCOPES,
    target: async (f, s, _r, reached) => ({
      params: { id: reached ? await freshPermit(f, s, "accepted") : permitOf(f, s).id },
      body: {
        instrumentId: "GX-1",
        calibratedOn: new Date().toISOString().slice(0, 10),
        readings: [{ gasId: randomUUID(), value: 1 }],
      },
    }),
    workflow: true,
  },
};
