import type { TCrewActions, TPermitAction, TShiftActions } from "@openpermit/shared";
import { type SQL, sql } from "drizzle-orm";
import type { TDb } from "../db/client";
import { AppError } from "../lib/app-error";

/**
 * A contractor (a supplier's account or employee) acts on an enterprise's permit only while it is affiliated with
 * that enterprise now, the enterprise is active and its own company is active (docs/decisions.md, "A contractor
 * acts only while affiliated"). The one rule of it: every contractor write on a permit calls
 * `requireLiveContractor` inside its own transaction, and the scheduler's auto-start applies `contractorMayWork`.
 *
 * Reads stay open: a detached contractor still reads the permits it made or worked on (its record), and an
 * action that stops or withdraws work (`suspend`, `cancel`, deleting a never-sent draft, signing a worker off,
 * cancelling a handover) is never refused by this rule: refusing it would keep work going.
 */

/** A party on a permit: only a contractor's is checked (the principal's side is its own enterprise). */
interface TContractorLike {
  side: "principal" | "contractor";
  supplierId?: string;
}

type TStanding = {
  affiliation: string;
  enterprise: string;
  supplier: string;
};

/**
 * Refuses a contractor never affiliated with the enterprise (404 COMPANY_NOT_LISTED), detached from it (403
 * AFFILIATION_ENDED), whose principal is not active (403 ENTERPRISE_INACTIVE) or whose own company is not (403
 * ACCOUNT_DISABLED). Call it
 * with the action's transaction: the affiliation, enterprise and supplier rows are read FOR SHARE, so a detach or
 * a disable committed first is seen, and one racing the action waits until the action commits.
 */
export async function requireLiveContractor(tx: TDb, party: TContractorLike, enterpriseId: string): Promise<void> {
  if (party.side === "contractor" && party.supplierId) await requireLiveSupplier(tx, party.supplierId, enterpriseId);
}

/** The workflow actions that stop or withdraw work: never refused for a lost affiliation. */
export const STOPPING_ACTIONS: readonly TPermitAction[] = ["suspend", "cancel"];

/**
 * `requireLiveContractor` for a workflow action (workflow.service.ts `takeAction`): a contractor's, unless it stops
 * or withdraws work; and a start whoever presses it (a manager too, like the scheduler): the work that starts is
 * the permit's contractor's.
 */
export async function requireLiveContractorFor(
  tx: TDb,
  party: TContractorLike,
  permit: { enterpriseId: string; supplierId: string | null },
  action: TPermitAction,
): Promise<void> {
  if (STOPPING_ACTIONS.includes(action)) return;
  const supplierId = party.side === "contractor" ? party.supplierId : action === "start" ? permit.supplierId : null;
  if (supplierId) await requireLiveSupplier(tx, supplierId, permit.enterpriseId);
}

async function requireLiveSupplier(tx: TDb, supplierId: string, enterpriseId: string): Promise<void> {
  const { rows } = await tx.execute<TStanding>(sql`
    SELECT a.status AS affiliation, e.status AS enterprise, s.status AS supplier
    FROM affiliations a
    JOIN enterprises e ON e.id = a.enterprise_id
    JOIN suppliers s ON s.id = a.supplier_id
    WHERE a.enterprise_id = ${enterpriseId} AND a.supplier_id = ${supplierId}
    FOR SHARE`);
  const standing = rows[0];
  // Never affiliated (or only asked): the enterprise stays unknown to it, like an unknown id (404).
  if (!standing || !["affiliated", "detached"].includes(standing.affiliation)) {
    throw new AppError("COMPANY_NOT_LISTED", "You do not work for this company.");
  }
  if (standing.affiliation !== "affiliated") {
    throw new AppError("AFFILIATION_ENDED", "Your company is no longer affiliated with this enterprise.");
  }
  if (standing.enterprise !== "active") {
    throw new AppError("ENTERPRISE_INACTIVE", "This enterprise's account is not active: its permits are on hold.");
  }
  if (standing.supplier !== "active") throw new AppError("ACCOUNT_DISABLED", "Your company's account is not active.");
}

/** The same standing as a condition (a query's columns or values): affiliated now, both companies active. */
export const inGoodStanding = (enterpriseId: SQL, supplierId: SQL) => sql`EXISTS (SELECT 1 FROM affiliations a
  JOIN enterprises e ON e.id = a.enterprise_id
  JOIN suppliers s ON s.id = a.supplier_id
  WHERE a.enterprise_id = ${enterpriseId} AND a.supplier_id = ${supplierId}
    AND a.status = 'affiliated' AND e.status = 'active' AND s.status = 'active')`;

const outer = (column: string) => sql`${sql.identifier("permits")}.${sql.identifier(column)}`;

/** The rule on the outer `permits` row (the scheduler's auto-start): internal, or its contractor in good standing. */
export const contractorMayWork = () =>
  sql`(${outer("supplier_id")} IS NULL OR ${inGoodStanding(outer("enterprise_id"), outer("supplier_id"))})`;

/**
 * What a permit page offers a contractor out of good standing (`live` false): only what the server still takes
 * from it — the stopping actions, signing a worker off, cancelling a handover — so no button leads to a refusal.
 */
export function offersOf<
  T extends {
    contractorOnHold?: boolean;
    actions: TPermitAction[];
    canEdit: boolean;
    crewActions: TCrewActions;
    shiftActions: TShiftActions;
  },
>(permit: T, live: boolean): T {
  if (live) return permit;
  return {
    ...permit,
    contractorOnHold: true,
    actions: permit.actions.filter((action) => STOPPING_ACTIONS.includes(action)),
    canEdit: false,
    crewActions: { ...permit.crewActions, change: false, signOn: [] },
    shiftActions: { ...permit.shiftActions, askExtension: false, startHandover: false, acceptHandover: null },
  };
}
