import { eq } from "drizzle-orm";
import { workerCards } from "../../src/db/schema";
import { randomToken } from "../../src/lib/crypto";
import type { TFixture, TScope } from "./fixture";
import { PNG_FILE } from "./fixture-files";
import { ownOnly, PRINCIPALS, sideOf, type TRuleTable } from "./rule";

/** A worker of the scope: S1's employee, another supplier's (affiliated with A too), or tenant B's. */
const worker = (f: TFixture, s: TScope) =>
  s === "otherSupplier" ? f.a.world.otherSupplier.employee.id : sideOf(f, s).world.employee.id;

/** The public page's code of S1's employee's card, made if it has none yet. */
async function publicCard(f: TFixture) {
  const workerId = f.a.world.employee.id;
  await f.t.ctx.db.insert(workerCards).values({ workerId, token: randomToken() }).onConflictDoNothing();
  const [card] = await f.t.ctx.db.select().from(workerCards).where(eq(workerCards.workerId, workerId));
  return { params: { token: card!.token } };
}

/** The worker's card (access/worker-cards.ts): its own side, and the enterprises its supplier is affiliated with. */
export const WORKER_CARD_RULES: TRuleTable = {
  "GET /api/workers/:id/card": {
    scopes: { own: "all", otherSupplier: PRINCIPALS, otherTenant: [] },
    target: (f, s) => ({ params: { id: worker(f, s) } }),
  },
  "POST /api/workers/:id/card/reissue": {
    scopes: { own: "all", otherSupplier: [], otherTenant: [] },
    target: (f, s) => ({ params: { id: worker(f, s) } }),
  },
  // Every scope's worker holds a photo (fixture-files.ts), given by its own supplier.
  "PUT /api/workers/:id/card/photo": {
    scopes: { own: "all", otherSupplier: [], otherTenant: [] },
    target: (f, s) => ({ params: { id: worker(f, s) }, file: { field: "photo", part: PNG_FILE() } }),
  },
  "GET /api/workers/:id/card/photo": {
    scopes: { own: "all", otherSupplier: PRINCIPALS, otherTenant: [] },
    target: (f, s) => ({ params: { id: worker(f, s) } }),
  },
  "DELETE /api/workers/:id/card/photo": {
    scopes: { own: "all", otherSupplier: [], otherTenant: [] },
    target: (f, s) => ({ params: { id: worker(f, s) } }),
    late: true,
  },
  // One card for every case (a re-issued one would 404 the cases prepared before it).
  "GET /api/public/worker-cards/:token": ownOnly(publicCard),
  "GET /api/public/worker-cards/:token/photo": ownOnly(publicCard),
};
