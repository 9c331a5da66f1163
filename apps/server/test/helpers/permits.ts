import {
  CREW_SIGN_ON_DECLARATION,
  isSignedAction,
  SIGNATURE_DECLARATIONS,
  type TPermitAction,
  type TPermitDraft,
  type TPermitStatus,
} from "@openpermit/shared";
import { eq } from "drizzle-orm";
import type { TContext } from "../../src/context";
import {
  criticalityLevels,
  enterpriseEpis,
  enterprisePermitAccounts,
  epis,
  matrixAxisLevels,
  matrixCells,
  permits,
  riskAssignmentEpis,
  riskAssignmentRisks,
  riskAssignmentSpecificRisks,
  riskAssignments,
  risks,
  specificRisks,
  workTypes,
} from "../../src/db/schema";
import { affiliate, createSupplierWithPeople } from "./affiliations";
import { createTenant, createUser, PASSWORD, type TPerson } from "./factories";
import { addSector, addSubSector, grant, tokenOf } from "./organisation";

/**
 * A principal ready for permits: an affiliated contractor (supplier + employee), a sector with a Verifier and an
 * Approver (two Responsibles of the division), a work type with a checklist, a matrix whose low cell only needs
 * verification and high cell verification and approval, a required risk, specific risk and EPI for the sector
 * and work type, and credits. Plus people who must see nothing: another supplier, another division's manager,
 * another enterprise, the admin.
 */
export async function createPermitWorld(ctx: TContext, options: { credits?: number } = {}) {
  const tenant = await createTenant(ctx);
  const enterpriseId = tenant.enterprise.id;
  await affiliate(ctx, enterpriseId, tenant.supplier.id);
  const sector = await addSector(ctx, tenant.division);
  const subSector = await addSubSector(ctx, sector.id);
  const otherSector = await addSector(ctx, tenant.otherDivision);
  const verifier = tenant.responsible;
  const approver = await createUser(ctx, "Responsible", { enterpriseId, divisionId: tenant.division.id });
  await grant(ctx, verifier.id, sector.id, "verifier");
  await grant(ctx, approver.id, sector.id, "approver");
  await grant(ctx, tenant.otherDivisionResponsible.id, otherSector.id, "both");

  const [workType] = await ctx.db
    .insert(workTypes)
    .values({ enterpriseId, kind: "general", name: "Welding", checklist: ["Fire watch posted", "Extinguisher nearby"] })
    .returning();
  const axis = async (kind: "probability" | "severity", rank: number, label: string) =>
    (await ctx.db.insert(matrixAxisLevels).values({ enterpriseId, axis: kind, rank, label }).returning())[0]!;
  const [pLow, pHigh, sLow, sHigh] = [
    await axis("probability", 1, "Rare"),
    await axis("probability", 2, "Likely"),
    await axis("severity", 1, "Minor"),
    await axis("severity", 2, "Major"),
  ];
  const [low] = await ctx.db
    .insert(criticalityLevels)
    .values({ enterpriseId, position: 1, name: "Low", colour: "#2f9e44", flow: "verify" })
    .returning();
  const [high] = await ctx.db
    .insert(criticalityLevels)
    .values({ enterpriseId, position: 2, name: "High", colour: "#e03131", flow: "verify_and_approve" })
    .returning();
  await ctx.db.insert(matrixCells).values([
    { probabilityId: pLow.id, severityId: sLow.id, levelId: low!.id },
    { probabilityId: pLow.id, severityId: sHigh.id, levelId: high!.id },
    { probabilityId: pHigh.id, severityId: sLow.id, levelId: high!.id },
    { probabilityId: pHigh.id, severityId: sHigh.id, levelId: high!.id },
  ]);
  const [risk] = await ctx.db.insert(risks).values({ enterpriseId, name: "Burns", critical: true }).returning();
  const [extraRisk] = await ctx.db.insert(risks).values({ enterpriseId, name: "Noise" }).returning();
  const [specificRisk] = await ctx.db
    .insert(specificRisks)
    .values({ enterpriseId, name: "Confined space", description: "Tanks", checklist: ["Gas test done"] })
    .returning();
  const [epi] = await ctx.db.insert(epis).values({ name: "Welding mask" }).returning();
  await ctx.db.insert(enterpriseEpis).values({ enterpriseId, epiId: epi!.id });
  const [assignment] = await ctx.db
    .insert(riskAssignments)
    .values({ enterpriseId, sectorId: sector.id, workTypeId: workType!.id })
    .returning();
  await ctx.db.insert(riskAssignmentRisks).values({ assignmentId: assignment!.id, riskId: risk!.id });
  await ctx.db
    .insert(riskAssignmentSpecificRisks)
    .values({ assignmentId: assignment!.id, specificRiskId: specificRisk!.id });
  await ctx.db.insert(riskAssignmentEpis).values({ assignmentId: assignment!.id, epiId: epi!.id });
  await setCredits(ctx, enterpriseId, options.credits ?? 100);

  const other = await createSupplierWithPeople(ctx);
  await affiliate(ctx, enterpriseId, other.supplier.id);
  const otherTenant = await createTenant(ctx);
  const admin = await createUser(ctx, "Admin");
  return {
    ...tenant,
    sector,
    subSector,
    otherSector,
    verifier,
    approver,
    workType: workType!,
    probability: { low: pLow, high: pHigh },
    severity: { low: sLow, high: sHigh },
    levels: { low: low!, high: high! },
    risk: risk!,
    extraRisk: extraRisk!,
    specificRisk: specificRisk!,
    epi: epi!,
    otherSupplier: other,
    otherTenant,
    admin,
  };
}
export type TPermitWorld = Awaited<ReturnType<typeof createPermitWorld>>;

export async function setCredits(ctx: TContext, enterpriseId: string, creditsTotal: number) {
  await ctx.db
    .insert(enterprisePermitAccounts)
    .values({ enterpriseId, creditsTotal })
    .onConflictDoUpdate({ target: enterprisePermitAccounts.enterpriseId, set: { creditsTotal } });
}

/**
 * A 9-hour window from the minute the test file loaded: a send within the enterprise's 15-minute grace accepts it,
 * and the work may start at once (a start must be inside the window).
 */
const windowStart = Math.floor(Date.now() / 60_000) * 60_000;
export const DRAFT_WINDOW = {
  startAt: new Date(windowStart).toISOString(),
  endAt: new Date(windowStart + 9 * 3_600_000).toISOString(),
} as const;

/** A complete draft that may be sent (high criticality: verification and approval), with what it requires. */
export function completeDraft(world: TPermitWorld, overrides: Partial<TPermitDraft> = {}): TPermitDraft {
  return {
    enterpriseId: world.enterprise.id,
    sectorId: world.sector.id,
    // The sector is divided into sub-sectors: sending needs one chosen.
    subSectorId: world.subSector.id,
    workTypeId: world.workType.id,
    taskTitle: "Weld the tank flange",
    jobDescription: "Replace the flange of tank 3",
    ...DRAFT_WINDOW,
    probabilityId: world.probability.high.id,
    severityId: world.severity.high.id,
    riskIds: [world.risk.id],
    specificRiskIds: [world.specificRisk.id],
    epiIds: [world.epi.id],
    answers: { qualificationsAndTools: true, jsaComplete: true, newRiskPossible: false },
    // Every item ticked: the send gate refuses an unticked one.
    checklist: [
      { source: "workType", sourceId: world.workType.id, index: 0, checked: true },
      { source: "workType", sourceId: world.workType.id, index: 1, checked: true },
      { source: "specificRisk", sourceId: world.specificRisk.id, index: 0, checked: true },
    ],
    // Another sector: the world's sub-sector is not of it.
    ...(overrides.sectorId && overrides.sectorId !== world.sector.id ? { subSectorId: null } : {}),
    ...overrides,
  };
}

/** The world's work type's checklist items, every one ticked (a draft naming no specific risk). */
export function workTypeTicks(world: TPermitWorld): NonNullable<TPermitDraft["checklist"]> {
  return world.workType.checklist.map((_, index) => ({
    source: "workType" as const,
    sourceId: world.workType.id,
    index,
    checked: true,
  }));
}

export const tokenFor = (ctx: TContext, person: TPerson) => tokenOf(ctx, person);

/** A signature's body: the factory's password and the declaration ticked (verify, approve, handBack). */
export const SIGNED = { password: PASSWORD, declaration: true, language: "en" } as const;
/** A close-out's body (end): work complete, area safe, tools removed, everyone out. */
export const CLOSED_OUT = { workComplete: true, areaSafe: true, toolsRemoved: true, peopleOut: true } as const;
/** The acceptance's body (accept): the declaration ticked. */
export const DECLARED = { declaration: true } as const;
/** The body an action needs to go through: a signature's, a close-out's or an acceptance's, and `extra` (a remark…). */
export function actionBody(action: string, extra: Record<string, unknown> = {}) {
  const needs = isSignedAction(action as TPermitAction)
    ? SIGNED
    : action === "end"
      ? CLOSED_OUT
      : action === "accept"
        ? DECLARED
        : {};
  return { ...needs, ...extra };
}

/** Records a signature straight in the database, for permits put into a later status by the tests. */
export async function signStraight(
  ctx: TContext,
  permitId: string,
  kind: "verify" | "approve" | "handBack",
  signerId: string,
) {
  await ctx.pool.query(
    `INSERT INTO permit_signatures (permit_id, kind, signer_id, signed_at, language, declaration, content_hash)
     VALUES ($1, $2, $3, now(), 'en', $4, repeat('0', 64))`,
    [permitId, kind, signerId, SIGNATURE_DECLARATIONS[kind].en],
  );
}

/** Statuses whose permit has its crew briefed (the start needs a worker signed on: docs/safety.md, Crew). */
const CREW_ON_SITE: readonly TPermitStatus[] = ["accepted", "In_progress"];

/**
 * Names `workerId` (the permit's creator when left out) on the permit's crew and signs them on, straight in the
 * database, as the holder would before the start.
 */
export async function signOnStraight(ctx: TContext, permitId: string, workerId?: string) {
  const worker = workerId ?? (await creatorOf(ctx, permitId));
  await ctx.pool.query(
    `INSERT INTO permit_crew (permit_id, worker_id, position)
     VALUES ($1, $2, (SELECT count(*) FROM permit_crew WHERE permit_id = $1)) ON CONFLICT DO NOTHING`,
    [permitId, worker],
  );
  await ctx.pool.query(
    `INSERT INTO permit_crew_sign_ons (permit_id, worker_id, signed_on_at, signed_on_by, language, declaration)
     VALUES ($1, $2, now(), $2, 'en', $3) ON CONFLICT (permit_id, worker_id) WHERE signed_off_at IS NULL DO NOTHING`,
    [permitId, worker, CREW_SIGN_ON_DECLARATION.en],
  );
}

/**
 * Puts a permit straight into a status (with what that status implies: an accepted or in-progress permit has its
 * creator signed on as its crew unless `crew: false`), for tests of later actions.
 */
export async function putInStatus(
  ctx: TContext,
  permitId: string,
  status: TPermitStatus,
  fields: Partial<typeof permits.$inferInsert> = {},
  options: { crew?: boolean } = {},
) {
  await ctx.db
    .update(permits)
    .set({
      status,
      levelName: "High",
      levelColour: "#e03131",
      levelFlow: "verify_and_approve",
      documentNumber: status === "pending" ? null : `PTW-TEST-${permitId.slice(0, 8)}`,
      ...fields,
    })
    .where(eq(permits.id, permitId));
  if (fields.verifiedBy) await signStraight(ctx, permitId, "verify", fields.verifiedBy);
  if (CREW_ON_SITE.includes(status) && options.crew !== false) await signOnStraight(ctx, permitId);
}

async function creatorOf(ctx: TContext, permitId: string): Promise<string> {
  const [row] = await ctx.db.select({ by: permits.createdBy }).from(permits).where(eq(permits.id, permitId));
  return row!.by!;
}

export async function statusOf(ctx: TContext, permitId: string) {
  const [row] = await ctx.db.select({ status: permits.status }).from(permits).where(eq(permits.id, permitId));
  return row?.status;
}

/**
 * Copies a permit straight in the database (same content, risks, specific risks and EPIs) into `status`: the
 * workflow walk needs hundreds of permits in given statuses, and the API's own path has its tests.
 */
export async function clonePermit(
  ctx: TContext,
  templateId: string,
  status: TPermitStatus,
  fields: { verifiedBy?: string | null; levelFlow?: "verify" | "verify_and_approve" } = {},
): Promise<string> {
  const sent = status !== "pending";
  const { rows } = await ctx.pool.query<{ id: string }>(
    `INSERT INTO permits (enterprise_id, division_id, sector_id, sub_sector_id, work_type_id, supplier_id, internal,
       created_by, status, document_number, task_title, job_description, start_at, end_at, probability_id,
       severity_id, level_name, level_colour, level_flow, answers, sent_at, verified_by, verified_at)
     SELECT enterprise_id, division_id, sector_id, sub_sector_id, work_type_id, supplier_id, internal, created_by,
       $2, CASE WHEN $3 THEN 'PTW-T-' || substr(gen_random_uuid()::text, 1, 18) END, task_title, job_description,
       start_at, end_at, probability_id, severity_id, 'High', '#e03131', $4, answers,
       CASE WHEN $3 THEN now() END, $5, CASE WHEN $5::uuid IS NULL THEN NULL ELSE now() END
     FROM permits WHERE id = $1 RETURNING id`,
    [templateId, status, sent, fields.levelFlow ?? "verify_and_approve", fields.verifiedBy ?? null],
  );
  const id = rows[0]!.id;
  for (const [table, column] of [
    ["permit_risks", "risk_id"],
    ["permit_specific_risks", "specific_risk_id"],
    ["permit_epis", "epi_id"],
  ] as const) {
    await ctx.pool.query(
      `INSERT INTO ${table} (permit_id, ${column}, position) SELECT $2, ${column}, position FROM ${table} WHERE permit_id = $1`,
      [templateId, id],
    );
  }
  await ctx.pool.query(
    `INSERT INTO permit_checklist_items (permit_id, position, source, source_id, source_name, item_index, text, checked)
     SELECT $2, position, source, source_id, source_name, item_index, text, checked
     FROM permit_checklist_items WHERE permit_id = $1`,
    [templateId, id],
  );
  // A verified permit carries its verify signature (approve requires one); by its verifier, or a stand-in.
  const signer = fields.verifiedBy ?? (status === "Confirmed" ? await creatorOf(ctx, id) : null);
  if (signer) await signStraight(ctx, id, "verify", signer);
  if (CREW_ON_SITE.includes(status)) await signOnStraight(ctx, id);
  return id;
}

/** Who was told of `kind` about the permit (in the app), by user id, sorted. */
/**
 * Who still has the permit's notice of this kind waiting (not done: notifications/done.ts), and whether it is read:
 * `user_id:read` or `user_id:unread`, sorted.
 */
export async function openNoticesOf(ctx: TContext, kind: string, permitId: string): Promise<string[]> {
  const { rows } = await ctx.pool.query<{ user_id: string; read: boolean }>(
    `SELECT user_id, read_at IS NOT NULL AS read FROM notifications
      WHERE kind = $1 AND permit_id = $2 AND done_at IS NULL ORDER BY user_id`,
    [kind, permitId],
  );
  return rows.map((r) => `${r.user_id}:${r.read ? "read" : "unread"}`);
}

export async function notifiedOf(ctx: TContext, kind: string, permitId: string): Promise<string[]> {
  const { rows } = await ctx.pool.query<{ user_id: string }>(
    "SELECT user_id FROM notifications WHERE kind = $1 AND link LIKE '%/' || $2 ORDER BY user_id",
    [kind, permitId],
  );
  return rows.map((r) => r.user_id);
}
