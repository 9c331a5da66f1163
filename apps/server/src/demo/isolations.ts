import { ISOLATION_PROOF_DECLARATION, type TIsolationEnergy } from "@openpermit/shared";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { TContext } from "../context";
import { inTransaction } from "../db/client";
import {
  isolationApplications,
  isolationPoints,
  permitIsolations,
  permits,
  sectors,
  subSectors,
  users,
} from "../db/schema";
import { DEMO_PERMIT_PEOPLE } from "./permits";

const HOUR = 3600_000;

interface TDemoPoint {
  tag: string;
  equipment: string;
  energy: TIsolationEnergy;
  method: string;
  /** The tank farm's sub-sector it is in (null: the whole sector); placed beside it on the plan. */
  subSector: string | null;
  offset?: [number, number];
}

/** The tank farm's isolation register (docs/safety.md, "Isolations are in place before start"). */
export const DEMO_ISOLATION_POINTS: TDemoPoint[] = [
  {
    tag: "PS2-MV-12",
    equipment: "PS-2 suction line isolation valve",
    energy: "process",
    method: "Close and chain the valve, fit a spade blind downstream, drain and vent the line",
    subSector: "Pump station PS-2",
    offset: [0.03, 0.03],
  },
  {
    tag: "PS2-EV-305",
    equipment: "Pump P-305 motor",
    energy: "electrical",
    method: "Rack out breaker MCC-4/3, lock and tag it, try the local start button",
    subSector: "Pump station PS-2",
    offset: [-0.03, 0.03],
  },
  {
    tag: "TF-EV-07",
    equipment: "Tank T-7 mixer motor",
    energy: "electrical",
    method: "Open and lock the local isolator at the tank, try the start",
    subSector: "Tank T-7",
    offset: [0.03, -0.03],
  },
  {
    tag: "TF-MV-07",
    equipment: "Tank T-7 inlet valve",
    energy: "process",
    method: "Close, chain and lock the inlet valve; fit a blind flange at the tank nozzle",
    subSector: "Tank T-7",
    offset: [-0.03, -0.03],
  },
  {
    tag: "TF-TV-03",
    equipment: "Tank T-3 steam heating coil",
    energy: "thermal",
    method: "Close and lock the steam supply valve, open the condensate drain",
    subSector: "Tank farm T-3",
    offset: [0.03, 0.03],
  },
  {
    tag: "TF-PV-FOAM",
    equipment: "Foam deluge valve, tank farm ring main",
    energy: "pneumatic",
    method: "Close the air supply to the actuator, lock the manual override",
    subSector: null,
  },
];

/**
 * Which demo permits need which points: the two at PS-2 in progress share the suction valve (applied once, it
 * serves both), the internal P-305 permit names the motor, the draft at T-7 and the verified T-3 inspection name
 * theirs (not isolated yet: they may not start until they are).
 */
export const DEMO_PERMIT_ISOLATIONS: Record<string, string[]> = {
  "Excavate around the suction line of pump station PS-2": ["PS2-MV-12"],
  "Backfill the trench at pump station PS-2": ["PS2-MV-12"],
  "Isolate the power supply of pump P-305 for a motor change": ["PS2-EV-305"],
  "Repair the floor plates of tank T-7 after inspection": ["TF-EV-07", "TF-MV-07"],
  "Inspect the floor of tank farm T-3 (confined space entry)": ["TF-TV-03"],
};

/** The points in place: applied by the North permit manager, proven by the site manager (a second person). */
const DEMO_IN_PLACE = ["PS2-MV-12"];

const clamp = (v: number) => Math.min(1, Math.max(0, v));

/**
 * Seeds the tank farm's isolation register (when the enterprise has none), names the points on the demo's permits
 * that name none yet, and applies and proves those the in-progress permits need before their start (when not in
 * place). Each part only when missing: a second run changes nothing.
 */
export async function seedIsolations(ctx: TContext, enterpriseId: string): Promise<void> {
  const seeded = await inTransaction(ctx.pool, async (tx) => {
    const [tankFarm] = await tx
      .select({ id: sectors.id })
      .from(sectors)
      .where(and(eq(sectors.enterpriseId, enterpriseId), eq(sectors.name, "Tank farm"), isNull(sectors.deletedAt)));
    if (!tankFarm) return 0;
    const [any] = await tx
      .select({ id: isolationPoints.id })
      .from(isolationPoints)
      .where(eq(isolationPoints.enterpriseId, enterpriseId))
      .limit(1);
    let added = 0;
    if (!any) {
      const places = await tx
        .select({ id: subSectors.id, name: subSectors.name, x: subSectors.x, y: subSectors.y })
        .from(subSectors)
        .where(and(eq(subSectors.sectorId, tankFarm.id), isNull(subSectors.deletedAt)));
      await tx.insert(isolationPoints).values(
        DEMO_ISOLATION_POINTS.map((point) => {
          const place = places.find((p) => p.name === point.subSector);
          // A place not on the plan (its sector without one) leaves the point unplaced too.
          const at = place?.x != null && place.y != null ? { x: place.x, y: place.y } : null;
          const [dx, dy] = point.offset ?? [0, 0];
          return {
            enterpriseId,
            sectorId: tankFarm.id,
            subSectorId: place?.id ?? null,
            tag: point.tag,
            equipment: point.equipment,
            energy: point.energy,
            method: point.method,
            x: at ? clamp(at.x + dx) : null,
            y: at ? clamp(at.y + dy) : null,
          };
        }),
      );
      added = DEMO_ISOLATION_POINTS.length;
    }
    const points = await tx
      .select({ id: isolationPoints.id, tag: isolationPoints.tag })
      .from(isolationPoints)
      .where(and(eq(isolationPoints.enterpriseId, enterpriseId), isNull(isolationPoints.deletedAt)));
    const idOf = (tag: string) => points.find((p) => p.tag === tag)?.id;

    // The demo's permits that name no isolation yet (a demo seeded before the register existed) get theirs.
    const named = await tx
      .select({ id: permits.id, title: permits.taskTitle, startAt: permits.startAt })
      .from(permits)
      .where(
        and(
          eq(permits.enterpriseId, enterpriseId),
          inArray(permits.taskTitle, Object.keys(DEMO_PERMIT_ISOLATIONS)),
          sql`NOT EXISTS (SELECT 1 FROM ${permitIsolations} WHERE ${permitIsolations.permitId} = ${permits.id})`,
        ),
      );
    for (const permit of named) {
      const pointIds = (DEMO_PERMIT_ISOLATIONS[permit.title] ?? []).map(idOf).filter((id) => id !== undefined);
      if (pointIds.length > 0)
        await tx.insert(permitIsolations).values(pointIds.map((pointId) => ({ permitId: permit.id, pointId })));
    }

    const people = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.email, [DEMO_PERMIT_PEOPLE.northManager, DEMO_PERMIT_PEOPLE.siteManager]));
    const applier = people.find((p) => p.email === DEMO_PERMIT_PEOPLE.northManager);
    const prover = people.find((p) => p.email === DEMO_PERMIT_PEOPLE.siteManager);
    if (!applier || !prover) return added;
    for (const tag of DEMO_IN_PLACE) {
      const pointId = idOf(tag);
      if (!pointId) continue;
      const [inPlace] = await tx
        .select({ id: isolationApplications.id })
        .from(isolationApplications)
        .where(and(eq(isolationApplications.pointId, pointId), isNull(isolationApplications.releasedAt)));
      if (inPlace) continue;
      // Before the earliest start of the permits needing it: the work began only once it was proven.
      const [first] = await tx
        .select({ at: sql<Date | null>`min(${permits.startAt})` })
        .from(permitIsolations)
        .innerJoin(permits, eq(permits.id, permitIsolations.permitId))
        .where(eq(permitIsolations.pointId, pointId));
      const start = first?.at ? new Date(first.at).getTime() : Date.now();
      await tx.insert(isolationApplications).values({
        pointId,
        lockNumber: "L-0412",
        appliedBy: applier.id,
        appliedAt: new Date(start - HOUR),
        provenBy: prover.id,
        provenAt: new Date(start - HOUR / 2),
        proofLanguage: "en",
        proofDeclaration: ISOLATION_PROOF_DECLARATION.en,
      });
      added += 1;
    }
    return added;
  });
  if (seeded > 0) ctx.log.info({ added: seeded }, "demo isolation register seeded");
}
