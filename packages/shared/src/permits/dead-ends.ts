import { z } from "zod";

/**
 * No silent dead ends (docs/safety.md): which criticality flows of which sectors can never
 * complete with the permissions matrix as it is. Nobody verifies a permit they created, and the approver is not
 * its verifier (four eyes, workflow.ts), so a flow completes only with a Verifier other than the creator and, when
 * it needs approval, an Approver other than both. One pure function of the matrix; the server feeds it one read.
 */

export const DEAD_END_PROBLEMS = [
  /** Nobody may verify permits of the sector. */
  "noVerifier",
  /** The flow needs an approval and nobody may approve. */
  "noApprover",
  /** The flow needs an approval and the only Approver is the only Verifier (who may not approve what they verified). */
  "approverIsOnlyVerifier",
  /** The flow completes for others, but not for the permits this person creates there (nobody else eligible). */
  "creatorOnlyEligible",
] as const;
export type TDeadEndProblem = (typeof DEAD_END_PROBLEMS)[number];

/** One active manager's cell of a sector's matrix. */
export interface TSectorManager {
  id: string;
  name: string;
  canVerify: boolean;
  canApprove: boolean;
  /** Whether this person creates (internal) permits in the sector: their own permits need somebody else. */
  createsPermits: boolean;
}

export interface TSectorMatrix {
  id: string;
  name: string;
  divisionId: string;
  managers: readonly TSectorManager[];
}

export type TFlow = "verify" | "verify_and_approve";

export const ZDeadEndSchema = z.object({
  sector: z.object({ id: z.string(), name: z.string(), divisionId: z.string() }),
  flow: z.enum(["verify", "verify_and_approve"]),
  /** The names of the criticality levels that require this flow. */
  levels: z.array(z.string()),
  problem: z.enum(DEAD_END_PROBLEMS),
  /** For `creatorOnlyEligible`: the person whose own permits cannot complete. */
  person: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type TDeadEnd = z.infer<typeof ZDeadEndSchema>;

/** Whether a permit created by `creatorId` (null: a contractor, never a manager) can complete `flow`. */
function completes(managers: readonly TSectorManager[], flow: TFlow, creatorId: string | null): boolean {
  const verifiers = managers.filter((m) => m.canVerify && m.id !== creatorId);
  if (flow === "verify") return verifiers.length > 0;
  return verifiers.some((v) => managers.some((a) => a.canApprove && a.id !== creatorId && a.id !== v.id));
}

/** What stops `flow` for everyone, if anything. */
function problemForAll(managers: readonly TSectorManager[], flow: TFlow): TDeadEndProblem | undefined {
  if (!managers.some((m) => m.canVerify)) return "noVerifier";
  if (completes(managers, flow, null)) return undefined;
  return managers.some((m) => m.canApprove) ? "approverIsOnlyVerifier" : "noApprover";
}

/**
 * Every flow (of those the enterprise's levels use: `levelsByFlow`, level names per flow) that cannot complete
 * in each sector, sector by sector in the order given: for everyone, or else for the permits of a person who
 * creates permits there. Empty when every flow can complete.
 */
export function matrixDeadEnds(
  sectors: readonly TSectorMatrix[],
  levelsByFlow: Partial<Record<TFlow, readonly string[]>>,
): TDeadEnd[] {
  const flows = (["verify", "verify_and_approve"] as const).filter((f) => (levelsByFlow[f]?.length ?? 0) > 0);
  const found: TDeadEnd[] = [];
  for (const sector of sectors) {
    const place = { id: sector.id, name: sector.name, divisionId: sector.divisionId };
    for (const flow of flows) {
      const levels = [...(levelsByFlow[flow] ?? [])];
      const problem = problemForAll(sector.managers, flow);
      if (problem) {
        found.push({ sector: place, flow, levels, problem, person: null });
        continue;
      }
      for (const creator of sector.managers.filter((m) => m.createsPermits)) {
        if (!completes(sector.managers, flow, creator.id)) {
          const person = { id: creator.id, name: creator.name };
          found.push({ sector: place, flow, levels, problem: "creatorOnlyEligible", person });
        }
      }
    }
  }
  return found;
}
