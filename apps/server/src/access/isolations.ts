import { and, eq, isNull, type SQL } from "drizzle-orm";
import type { TDb } from "../db/client";
import { isolationPoints } from "../db/schema";
import type { TReadScope } from "./organisation";
import { forbidden } from "./refusal";
import { visibleSectors } from "./sectors";

/**
 * Isolation points (lock-out/tag-out) are seen through their sector (`visibleSectors`, with the `sectors` join the
 * repository makes): the enterprise all of its own, a super-responsible its division's, a permit manager the
 * sectors the permissions matrix names it in, an affiliated contractor the enterprise's (to name them on a
 * permit request). Who edits the register: the enterprise and its super-responsibles (`requireEditor`, their
 * division's sectors only, through the same visibility). Who applies, proves and releases: the principal's staff
 * who see the sector — the sector's managers, the division's super-responsibles and the enterprise
 * (`organisationScope`), never a contractor (docs/decisions.md, "Who isolates").
 */
export const visibleIsolationPoints = (db: TDb, scope: TReadScope): SQL =>
  and(
    visibleSectors(db, scope),
    eq(isolationPoints.enterpriseId, scope.enterpriseId),
    isNull(isolationPoints.deletedAt),
  )!;

/** The zero-energy test is a second person's: whoever applied the isolation may not prove it (403). */
export function requireSecondPerson(appliedBy: string, userId: string): void {
  if (appliedBy === userId) throw forbidden("A second person proves an isolation: not the one who applied it.");
}
