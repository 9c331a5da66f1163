import {
  ACCEPTANCE_DECLARATION,
  CREW_SIGN_ON_DECLARATION,
  type TPermitAction,
  type TPermitFlow,
  type TPermitStatus,
  targetOf,
} from "@openpermit/shared";
import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { TContext } from "../context";
import { inTransaction, type TDb } from "../db/client";
import {
  creditTransactions,
  criticalityLevels,
  enterpriseEpis,
  epis,
  matrixAxisLevels,
  matrixCells,
  permitChecklistItems,
  permitCrew,
  permitCrewSignOns,
  permitEpis,
  permitEvents,
  permitRisks,
  permitSpecificRisks,
  permits,
  risks,
  sectors,
  specificRisks,
  subSectors,
  users,
  workTypes,
} from "../db/schema";
import { randomToken } from "../lib/crypto";
import { takeNumberAndCredit } from "../modules/credits/permit-account";
import { DEMO_CLOSE_OUT, signDemoPermit, signedSteps } from "./permit-signatures";
import { seedShift } from "./shift";

const HOUR = 3600_000;

/** Who acts in the demo's permits, by e-mail (the demo accounts of seed.ts and contractors.ts). */
export const DEMO_PERMIT_PEOPLE = {
  employee: "employee@demo.openpermit.test",
  welder: "welder@demo.openpermit.test",
  supplier: "supplier@demo.openpermit.test",
  siteManager: "superresponsible@demo.openpermit.test",
  northManager: "responsible@demo.openpermit.test",
  southManager: "responsible2@demo.openpermit.test",
} as const;
type TWho = keyof typeof DEMO_PERMIT_PEOPLE;

interface TDemoPermit {
  title: string;
  description: string;
  by: TWho;
  internal?: boolean;
  place: [sector: string, subSector?: string];
  workType: string;
  risks: string[];
  specific: string[];
  epis: string[];
  /** The level's flow decides whether a verification approves it (verify) or an approval must follow. */
  flow: TPermitFlow;
  /** Start, in hours from the seeding, and duration in hours. */
  startIn: number;
  hours: number;
  /** The actions taken, in order, with who took them; the last status is the permit's. */
  steps: [TPermitAction, TWho, string?][];
  /**
   * The crew (docs/safety.md, Crew): signed on by the holder before a start, signed off at the close-out. A worker
   * is on one live permit at a time (the enterprise's default).
   */
  crew?: TWho[];
}

/**
 * One permit per status (and an internal one by the site manager), across the three demo sectors, with dates
 * around the day the demo is seeded. Reviews go to the manager the permissions matrix names for the sector.
 */
export const DEMO_PERMITS: TDemoPermit[] = [
  {
    title: "Repair the floor plates of tank T-7 after inspection",
    description: "Cut out and weld two corroded floor plates found at the last inspection of tank T-7.",
    by: "employee",
    place: ["Tank farm", "Tank T-7"],
    workType: "Confined space entry",
    risks: ["Toxic atmosphere (H2S)", "Fire and explosion"],
    specific: ["Confined space entry"],
    epis: ["Safety helmet", "Personal gas detector", "Full-body harness", "Safety boots"],
    flow: "verify_and_approve",
    startIn: 96,
    hours: 9,
    steps: [],
  },
  {
    title: "Weld a support bracket on the furnace F-101 platform",
    description: "Weld a new pipe support bracket on the east side of the furnace F-101 platform, level 2.",
    by: "employee",
    place: ["Crude distillation unit", "Furnace F-101"],
    workType: "Hot work",
    risks: ["Fire and explosion", "Hot surfaces", "Toxic atmosphere (H2S)", "Noise"],
    specific: [],
    epis: ["Safety helmet", "Safety gloves", "Safety goggles", "Safety boots", "Personal gas detector"],
    flow: "verify",
    startIn: 48,
    hours: 8,
    steps: [["send", "employee"]],
  },
  {
    title: "Replace the mooring hook load cell at berth 1",
    description: "Lift out the quick-release hook of berth 1 with the mobile crane and replace its load cell.",
    by: "supplier",
    place: ["Marine jetty and loading", "Jetty berth 1"],
    workType: "Lifting operations",
    risks: ["Struck by suspended load", "Slips and trips"],
    specific: ["Suspended loads"],
    epis: ["Safety helmet", "Safety gloves", "Safety boots"],
    flow: "verify",
    startIn: 72,
    hours: 6,
    steps: [
      ["send", "supplier"],
      ["recheck", "southManager", "Attach the lift plan and the crane's inspection certificate, then send it again."],
    ],
  },
  {
    title: "Inspect the floor of tank farm T-3 (confined space entry)",
    description: "Enter the emptied and degassed tank T-3 to inspect the floor welds with ultrasound.",
    by: "welder",
    place: ["Tank farm", "Tank farm T-3"],
    workType: "Confined space entry",
    risks: ["Toxic atmosphere (H2S)", "Fire and explosion"],
    specific: ["Confined space entry"],
    epis: ["Safety helmet", "Personal gas detector", "Full-body harness", "Safety boots"],
    flow: "verify_and_approve",
    startIn: 50,
    hours: 8,
    steps: [
      ["send", "welder"],
      ["verify", "northManager"],
    ],
  },
  {
    title: "Isolate and replace the loading arm motor at bay L-4",
    description: "Lock out the loading arm of bay L-4 and replace its hydraulic pump motor.",
    by: "welder",
    place: ["Marine jetty and loading", "Truck loading bay L-4"],
    workType: "Electrical isolation",
    risks: ["Electric shock"],
    specific: ["Live electrical work"],
    epis: ["Safety helmet", "Safety gloves", "Safety goggles"],
    flow: "verify",
    startIn: 44,
    hours: 7,
    steps: [
      ["send", "welder"],
      ["verify", "southManager"],
    ],
  },
  {
    title: "Replace the insulation of column C-1 at 30 m",
    description: "Remove the damaged insulation cladding of column C-1 between 28 m and 32 m and fit new cladding.",
    by: "employee",
    place: ["Crude distillation unit", "Distillation column C-1"],
    workType: "Work at height",
    risks: ["Fall from height", "Slips and trips", "Toxic atmosphere (H2S)"],
    specific: ["Working at height"],
    epis: ["Safety helmet", "Full-body harness", "Safety boots", "Personal gas detector"],
    flow: "verify",
    startIn: 20,
    hours: 9,
    crew: ["employee", "welder"],
    steps: [
      ["send", "employee"],
      ["verify", "northManager"],
      ["accept", "supplier"],
    ],
  },
  {
    title: "Excavate around the suction line of pump station PS-2",
    description: "Dig by hand around the PS-2 suction line to expose the leaking flange (1.2 m deep).",
    by: "employee",
    place: ["Tank farm", "Pump station PS-2"],
    workType: "Excavation",
    risks: ["Trench collapse", "Manual handling"],
    specific: [],
    epis: ["Safety helmet", "Safety boots", "Safety gloves"],
    flow: "verify",
    startIn: -3,
    hours: 9,
    crew: ["employee"],
    steps: [
      ["send", "employee"],
      ["verify", "northManager"],
      ["accept", "supplier"],
      ["start", "employee"],
    ],
  },
  {
    // Overdue: its window ended three hours ago and nobody closed it (docs/safety.md, Validity is enforced).
    title: "Backfill the trench at pump station PS-2",
    description: "Backfill and compact the trench dug around the PS-2 suction line once the flange is replaced.",
    by: "employee",
    place: ["Tank farm", "Pump station PS-2"],
    workType: "Excavation",
    risks: ["Trench collapse", "Manual handling"],
    specific: [],
    epis: ["Safety helmet", "Safety boots", "Safety gloves"],
    flow: "verify",
    startIn: -12,
    hours: 9,
    crew: ["welder"],
    steps: [
      ["send", "employee"],
      ["verify", "northManager"],
      ["accept", "supplier"],
      ["start", "employee"],
    ],
  },
  {
    title: "Replace the starter of fire water pump FW-2",
    description: "Isolate fire water pump FW-2 (standby pump FW-1 on duty) and replace its motor starter.",
    by: "welder",
    place: ["Marine jetty and loading", "Fire water pumps FW-2"],
    workType: "Electrical isolation",
    risks: ["Electric shock"],
    specific: ["Live electrical work"],
    epis: ["Safety helmet", "Safety gloves", "Safety goggles"],
    flow: "verify",
    startIn: -30,
    hours: 8,
    crew: ["welder"],
    steps: [
      ["send", "welder"],
      ["verify", "southManager"],
      ["accept", "supplier"],
      ["start", "welder"],
      ["end", "welder"],
      ["handBack", "southManager"],
    ],
  },
  {
    title: "Cut and replace the drain line in pump house P-12",
    description: "Cut out the corroded 2-inch drain line under pump P-12A and weld in a new spool.",
    by: "supplier",
    place: ["Crude distillation unit", "Pump house P-12"],
    workType: "Hot work",
    risks: ["Fire and explosion", "Hot surfaces", "Toxic atmosphere (H2S)"],
    specific: [],
    epis: ["Safety helmet", "Safety gloves", "Safety goggles", "Safety boots", "Personal gas detector"],
    flow: "verify",
    startIn: 28,
    hours: 6,
    steps: [
      ["send", "supplier"],
      ["cancel", "supplier"],
    ],
  },
  {
    title: "Clean the sludge out of tank T-7",
    description: "Remove the sludge layer at the bottom of tank T-7 with a vacuum truck and manual shovelling.",
    by: "employee",
    place: ["Tank farm", "Tank T-7"],
    workType: "Confined space entry",
    risks: ["Toxic atmosphere (H2S)", "Fire and explosion"],
    specific: ["Confined space entry"],
    epis: ["Safety helmet", "Personal gas detector", "Full-body harness", "Safety boots"],
    flow: "verify_and_approve",
    startIn: 30,
    hours: 10,
    steps: [
      ["send", "employee"],
      ["reject", "northManager", "No gas test plan and no rescue arrangements: this cannot go ahead as written."],
    ],
  },
  {
    title: "Isolate the power supply of pump P-305 for a motor change",
    description: "Our electricians lock out pump P-305 at the substation so the motor can be swapped.",
    by: "siteManager",
    internal: true,
    place: ["Tank farm", "Pump station PS-2"],
    workType: "Electrical isolation",
    risks: ["Electric shock"],
    specific: ["Live electrical work"],
    epis: ["Safety helmet", "Safety gloves", "Safety goggles"],
    flow: "verify",
    startIn: 26,
    hours: 4,
    steps: [["send", "siteManager"]],
  },
  {
    // Hot work in progress: its work type requires a gas test before the start and every two hours; its tests
    // passed (apps/server/src/demo/gas-tests.ts). Internal: the demo's contractor workers are on live permits already.
    title: "Weld the new flange on the furnace F-101 fuel gas line",
    description: "Weld a weld-neck flange on the isolated and purged fuel gas line of furnace F-101, level 1.",
    by: "siteManager",
    internal: true,
    place: ["Crude distillation unit", "Furnace F-101"],
    workType: "Hot work",
    risks: ["Fire and explosion", "Hot surfaces", "Toxic atmosphere (H2S)", "Noise"],
    specific: [],
    epis: ["Safety helmet", "Safety gloves", "Safety goggles", "Safety boots", "Personal gas detector"],
    flow: "verify",
    startIn: -2,
    hours: 8,
    crew: ["siteManager"],
    steps: [
      ["send", "siteManager"],
      ["verify", "northManager"],
      ["accept", "siteManager"],
      ["start", "siteManager"],
    ],
  },
  {
    // Suspended: the area's manager stopped the work an hour ago (docs/safety.md, Suspension and emergency stop).
    title: "Shore the trench walls at pump station PS-2",
    description: "Fit hydraulic shoring to the trench walls around the PS-2 suction line before the flange work.",
    by: "employee",
    place: ["Tank farm", "Pump station PS-2"],
    workType: "Excavation",
    risks: ["Trench collapse", "Manual handling"],
    specific: [],
    epis: ["Safety helmet", "Safety boots", "Safety gloves"],
    flow: "verify",
    startIn: -4,
    hours: 9,
    // The contractor's foreman: the demo's other workers are each on a live permit already (one at a time).
    crew: ["supplier"],
    steps: [
      ["send", "employee"],
      ["verify", "northManager"],
      ["accept", "supplier"],
      ["start", "employee"],
      [
        "suspend",
        "northManager",
        "H2S alarm on the personal gas detectors at PS-2: everyone out until the leak is found and the area re-tested.",
      ],
    ],
  },
];

/** The timestamp of each step: reviews three hours apart from creation; start and end at the permit's times. */
function timeline(permit: TDemoPermit, index: number, now: Date) {
  const startAt = new Date(Math.floor((now.getTime() + permit.startIn * HOUR) / HOUR) * HOUR);
  const endAt = new Date(startAt.getTime() + permit.hours * HOUR);
  // Two days before it starts (or before today), ten minutes apart from one permit to the next: no two at once.
  const createdAt = new Date(Math.min(now.getTime(), startAt.getTime()) - 2 * 24 * HOUR + index * 10 * 60_000);
  let last = createdAt.getTime();
  const at = permit.steps.map(([action]) => {
    if (action === "start") last = startAt.getTime();
    else if (action === "end") last = endAt.getTime();
    // The area manager inspects the area within the hour after the close-out.
    else if (action === "handBack") last = endAt.getTime() + HOUR;
    else last += 3 * HOUR;
    return new Date(last);
  });
  return { startAt, endAt, createdAt, at };
}

/** The crew's user ids (the demo's accounts found). */
function crewOf(permit: TDemoPermit, who: (key: TWho) => { id: string } | undefined): string[] {
  return (permit.crew ?? []).map((key) => who(key)?.id).filter((id): id is string => id !== undefined);
}

/**
 * Names the crew and, for a permit that started, signs each worker on (by its holder, ten minutes before the start)
 * and off at the close-out, as the API would; answers their history events.
 */
async function seedCrew(
  tx: TDb,
  permitId: string,
  holderId: string,
  crew: string[],
  steps: { action: TPermitAction; at: Date }[],
): Promise<(typeof permitEvents.$inferInsert)[]> {
  if (crew.length === 0) return [];
  await tx.insert(permitCrew).values(crew.map((workerId, position) => ({ permitId, workerId, position })));
  const start = steps.find((s) => s.action === "start")?.at;
  if (!start) return [];
  const on = new Date(start.getTime() - 10 * 60_000);
  const off = steps.find((s) => s.action === "end")?.at ?? null;
  await tx.insert(permitCrewSignOns).values(
    crew.map((workerId) => ({
      permitId,
      workerId,
      signedOnAt: on,
      signedOnBy: holderId,
      language: "en",
      declaration: CREW_SIGN_ON_DECLARATION.en,
      signedOffAt: off,
      signedOffBy: off ? holderId : null,
    })),
  );
  const event = (action: "signOn" | "signOff", workerId: string, at: Date) => ({
    permitId,
    action,
    fromStatus: "accepted" as const,
    toStatus: "accepted" as const,
    actorId: holderId,
    workerId,
    createdAt: at,
  });
  return [
    ...crew.map((workerId) => event("signOn", workerId, on)),
    ...(off
      ? crew.map((workerId) => ({
          ...event("signOff", workerId, off),
          fromStatus: "In_progress" as const,
          toStatus: "In_progress" as const,
        }))
      : []),
  ];
}

/** The probability × severity cell of the first level with `flow` ("Low" and "High" in the default matrix). */
async function cellsByFlow(tx: TDb, enterpriseId: string) {
  const probability = sql`(SELECT rank FROM ${matrixAxisLevels} WHERE id = ${matrixCells.probabilityId})`;
  const severity = sql`(SELECT rank FROM ${matrixAxisLevels} WHERE id = ${matrixCells.severityId})`;
  const rows = await tx
    .select({
      probabilityId: matrixCells.probabilityId,
      severityId: matrixCells.severityId,
      name: criticalityLevels.name,
      colour: criticalityLevels.colour,
      flow: criticalityLevels.flow,
      position: criticalityLevels.position,
    })
    .from(matrixCells)
    .innerJoin(criticalityLevels, eq(criticalityLevels.id, matrixCells.levelId))
    .where(eq(criticalityLevels.enterpriseId, enterpriseId))
    .orderBy(criticalityLevels.position, probability, severity);
  const verify = rows.find((r) => r.flow === "verify");
  // The level above the lowest that needs an approval: a realistic "High" rather than the worst one.
  const approve = rows.filter((r) => r.flow === "verify_and_approve");
  return { verify, verify_and_approve: approve[Math.min(1, approve.length - 1)] ?? approve[0] };
}

/**
 * The demo's permits (DEMO_PERMITS), unless the demo enterprise already has permits: each walked through its
 * steps as the API would have (history events by the people who acted, the level kept at the send, verification
 * and approval signatures), numbered at its first send from the enterprise's credits in the order they were
 * sent (gap-free, one consumption each in the ledger).
 */
export async function seedPermits(ctx: TContext, enterpriseId: string): Promise<void> {
  const now = new Date();
  const seeded = await inTransaction(ctx.pool, async (tx) => {
    const [any] = await tx
      .select({ id: permits.id })
      .from(permits)
      .where(eq(permits.enterpriseId, enterpriseId))
      .limit(1);
    if (any) return 0;

    const people = await tx
      .select({ id: users.id, email: users.email, supplierId: users.supplierId })
      .from(users)
      .where(inArray(users.email, Object.values(DEMO_PERMIT_PEOPLE)));
    const who = (key: TWho) => people.find((p) => p.email === DEMO_PERMIT_PEOPLE[key]);
    const places = await tx
      .select({
        sectorId: sectors.id,
        sector: sectors.name,
        divisionId: sectors.divisionId,
        subSectorId: subSectors.id,
        subSector: subSectors.name,
      })
      .from(sectors)
      .leftJoin(subSectors, and(eq(subSectors.sectorId, sectors.id), isNull(subSectors.deletedAt)))
      .where(and(eq(sectors.enterpriseId, enterpriseId), isNull(sectors.deletedAt)));
    const workTypeRows = await tx
      .select({ id: workTypes.id, name: workTypes.name, checklist: workTypes.checklist })
      .from(workTypes)
      .where(and(eq(workTypes.enterpriseId, enterpriseId), isNull(workTypes.deletedAt)));
    const riskRows = await tx
      .select({ id: risks.id, name: risks.name })
      .from(risks)
      .where(eq(risks.enterpriseId, enterpriseId));
    const specificRows = await tx
      .select({ id: specificRisks.id, name: specificRisks.name, checklist: specificRisks.checklist })
      .from(specificRisks)
      .where(eq(specificRisks.enterpriseId, enterpriseId));
    const epiRows = await tx
      .select({ id: epis.id, name: epis.name })
      .from(enterpriseEpis)
      .innerJoin(epis, eq(epis.id, enterpriseEpis.epiId))
      .where(eq(enterpriseEpis.enterpriseId, enterpriseId));
    const cells = await cellsByFlow(tx, enterpriseId);

    // In the order they were sent, so numbers follow time; the draft never sent comes last.
    const ordered = DEMO_PERMITS.map((permit, i) => ({ permit, ...timeline(permit, i, now) })).sort(
      (a, b) => (a.at[0]?.getTime() ?? Number.POSITIVE_INFINITY) - (b.at[0]?.getTime() ?? Number.POSITIVE_INFINITY),
    );
    let count = 0;
    for (const { permit, startAt, endAt, createdAt, at } of ordered) {
      const creator = who(permit.by);
      const [sectorName, subName] = permit.place;
      const place = places.find((p) => p.sector === sectorName && (subName ? p.subSector === subName : true));
      const workType = workTypeRows.find((w) => w.name === permit.workType);
      const cell = cells[permit.flow];
      // A demo whose configuration was changed by hand is not forced: that permit is left out.
      if (!creator || !place || !workType || !cell) continue;
      const specifics = specificRows.filter((s) => permit.specific.includes(s.name));
      const sent = permit.steps.length > 0;

      // Walk the steps through the life-cycle table, remembering who signed what.
      let status: TPermitStatus = "pending";
      const events: (typeof permitEvents.$inferInsert)[] = [];
      const signatures: Partial<typeof permits.$inferInsert> = {};
      for (const [i, [action, actorKey, remark]] of permit.steps.entries()) {
        const actorId = who(actorKey)?.id ?? null;
        const to = targetOf(action, permit.flow, status);
        events.push({ permitId: "", action, fromStatus: status, toStatus: to, actorId, remark, createdAt: at[i]! });
        if (action === "send") signatures.sentAt = at[i]!;
        if (action === "verify") Object.assign(signatures, { verifiedBy: actorId, verifiedAt: at[i]! });
        if (action === "approve") Object.assign(signatures, { approvedBy: actorId, approvedAt: at[i]! });
        if (action === "accept") {
          const declaration = ACCEPTANCE_DECLARATION.en;
          Object.assign(signatures, { acceptedBy: actorId, acceptedAt: at[i]!, acceptanceDeclaration: declaration });
        }
        if (action === "end")
          Object.assign(signatures, { closedOutAt: at[i]!, closedOutBy: actorId, closeOut: DEMO_CLOSE_OUT });
        // The holder's first shift begins at the start (a handover is due a shift later).
        if (action === "start") signatures.shiftStartedAt = at[i]!;
        if (action === "suspend") {
          Object.assign(signatures, { suspendedAt: at[i]!, suspendedBy: actorId, suspensionReason: remark });
        } else if (remark) signatures.remark = remark;
        status = to;
      }
      const updatedAt = at.at(-1) ?? createdAt;

      const [row] = await tx
        .insert(permits)
        .values({
          enterpriseId,
          divisionId: place.divisionId,
          sectorId: place.sectorId,
          subSectorId: subName ? place.subSectorId : null,
          workTypeId: workType.id,
          supplierId: permit.internal ? null : creator.supplierId,
          internal: permit.internal ?? false,
          createdBy: creator.id,
          status,
          taskTitle: permit.title,
          jobDescription: permit.description,
          generalInformation: "Site induction done. Radio channel 3. Emergency number 18 from any site phone.",
          subcontractor: "",
          startAt,
          endAt,
          probabilityId: cell.probabilityId,
          severityId: cell.severityId,
          ...(sent ? { levelName: cell.name, levelColour: cell.colour, levelFlow: cell.flow } : {}),
          answers: { qualificationsAndTools: true, jsaComplete: sent ? true : null, newRiskPossible: false },
          ...signatures,
          createdAt,
          updatedAt,
        })
        .returning({ id: permits.id });
      const permitId = row!.id;
      if (sent) {
        const documentNumber = await takeNumberAndCredit(tx, enterpriseId, creator.id, permitId, at[0]!);
        await tx.update(permits).set({ documentNumber, checkToken: randomToken() }).where(eq(permits.id, permitId));
      }

      const ids = (rows: { id: string; name: string }[], names: string[]) =>
        names.map((n) => rows.find((r) => r.name === n)?.id).filter((id): id is string => id !== undefined);
      const riskIds = ids(riskRows, permit.risks);
      const epiIds = ids(epiRows, permit.epis);
      if (riskIds.length > 0) {
        await tx.insert(permitRisks).values(riskIds.map((riskId, position) => ({ permitId, riskId, position })));
      }
      if (specifics.length > 0) {
        await tx
          .insert(permitSpecificRisks)
          .values(specifics.map((s, position) => ({ permitId, specificRiskId: s.id, position })));
      }
      if (epiIds.length > 0) {
        await tx.insert(permitEpis).values(epiIds.map((epiId, position) => ({ permitId, epiId, position })));
      }
      const checklist = [
        ...workType.checklist.map((text, itemIndex) => ({
          source: "workType",
          sourceId: workType.id,
          sourceName: workType.name,
          itemIndex,
          text,
        })),
        ...specifics.flatMap((s) =>
          s.checklist.map((text, itemIndex) => ({
            source: "specificRisk",
            sourceId: s.id,
            sourceName: s.name,
            itemIndex,
            text,
          })),
        ),
      ];
      if (checklist.length > 0) {
        await tx.insert(permitChecklistItems).values(
          // A sent permit has every box ticked; the draft is half done.
          checklist.map((item, position) => ({ permitId, position, ...item, checked: sent || position % 2 === 0 })),
        );
      }
      // Signed over the content just written (verify, approve, hand-back), as the API signs it.
      const party = {
        side: "principal",
        role: "Enterprise",
        userId: creator.id,
        enterpriseId,
        divisionId: null,
      } as const;
      const stepsDone = permit.steps.map(([action, actorKey], i) => ({
        action,
        actorId: who(actorKey)?.id ?? null,
        at: at[i]!,
      }));
      await signDemoPermit(tx, party, permitId, signedSteps(stepsDone));
      const crewEvents = await seedCrew(tx, permitId, creator.id, crewOf(permit, who), stepsDone);
      await tx
        .insert(permitEvents)
        .values([
          { permitId, action: "create", fromStatus: null, toStatus: "pending", actorId: creator.id, createdAt },
          ...events.map((e) => ({ ...e, permitId })),
          ...crewEvents,
        ]);
      count += 1;
    }
    const [holder, signer, incoming] = [who("employee"), who("northManager"), who("welder")];
    if (holder && signer && incoming) {
      await seedShift(tx, enterpriseId, { holder: holder.id, signer: signer.id, incoming: incoming.id });
    }
    // The demo's credits were bought before its permits were sent: the ledger reads in that order.
    const firstSend = ordered.find((o) => o.at[0])?.at[0];
    if (firstSend) {
      const boughtBefore = new Date(firstSend.getTime() - 24 * HOUR);
      await tx
        .update(creditTransactions)
        .set({ createdAt: boughtBefore })
        .where(
          and(
            eq(creditTransactions.enterpriseId, enterpriseId),
            eq(creditTransactions.kind, "purchase"),
            gt(creditTransactions.createdAt, boughtBefore),
          ),
        );
    }
    return count;
  });
  if (seeded > 0) ctx.log.info({ permits: seeded }, "demo permits seeded");
}
