import type { TWorkTypeKind } from "@openpermit/shared";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { TContext } from "../context";
import { inTransaction } from "../db/client";
import {
  criticalityLevels,
  enterpriseEpis,
  epis,
  links,
  riskAssignmentEpis,
  riskAssignmentRisks,
  riskAssignmentSpecificRisks,
  riskAssignments,
  risks,
  sectors,
  specificRiskLinks,
  specificRisks,
  subSectors,
  users,
  workTypes,
} from "../db/schema";
import { recordFile, removeStoredFiles } from "../modules/files/files.service";
import { defaultMatrixInput, writeMatrix } from "../modules/risk-matrix/risk-matrix.service";
import { DEMO_EPI_ICONS, DEMO_LOGOGRAMS } from "./icons";

/** The platform's EPI catalogue; the demo enterprise picks all but the ear defenders. */
const DEMO_EPIS = [
  {
    name: "Safety helmet",
    nameFr: "Casque de sécurité",
    description: "EN 397 hard hat, chin strap for work at height.",
    icon: "helmet",
    picked: true,
  },
  {
    name: "Safety gloves",
    nameFr: "Gants de sécurité",
    description: "EN 388 cut-resistant gloves.",
    icon: "gloves",
    picked: true,
  },
  {
    name: "Safety goggles",
    nameFr: "Lunettes de protection",
    description: "EN 166 goggles against splashes and sparks.",
    icon: "goggles",
    picked: true,
  },
  {
    name: "Safety boots",
    nameFr: "Chaussures de sécurité",
    description: "S3 boots with toe cap and anti-slip soles.",
    icon: "boots",
    picked: true,
  },
  {
    name: "Full-body harness",
    nameFr: "Harnais antichute",
    description: "EN 361 harness with a shock-absorbing lanyard.",
    icon: "harness",
    picked: true,
  },
  {
    name: "Ear defenders",
    nameFr: "Casque antibruit",
    description: "EN 352 ear muffs above 85 dB(A).",
    icon: "earDefenders",
    picked: false,
  },
  {
    name: "Personal gas detector",
    nameFr: "Détecteur de gaz portable",
    description: "Four-gas detector: O2, LEL, H2S, CO.",
    icon: "gasDetector",
    picked: true,
  },
] as const satisfies readonly { icon: keyof typeof DEMO_EPI_ICONS; [k: string]: unknown }[];
type TEpiName = (typeof DEMO_EPIS)[number]["name"];

const DEMO_WORK_TYPES: {
  kind: TWorkTypeKind;
  name: string;
  description: string;
  procedure: string;
  checklist: string[];
  gasTestRequired?: boolean;
  gasRetestMinutes?: number;
}[] = [
  {
    kind: "procedure",
    name: "Hot work",
    description: "Welding, cutting, grinding and any work with a flame or sparks.",
    procedure:
      "Test the atmosphere before work and every two hours. Remove or cover combustibles within 11 m. Keep a fire watch during the work and for 30 minutes after it ends.",
    checklist: [
      "Gas test below 10 % LEL",
      "Combustibles removed or covered within 11 m",
      "Drains and openings covered",
      "Extinguisher and fire blanket at hand",
      "Fire watch posted for the work and 30 minutes after",
    ],
    gasTestRequired: true,
    gasRetestMinutes: 120,
  },
  {
    kind: "procedure",
    name: "Confined space entry",
    description: "Entry into tanks, vessels, pits and sewers.",
    procedure:
      "Isolate and lock out every line and energy source. Test the atmosphere from outside, then continuously. An attendant stays at the entrance with the rescue equipment.",
    checklist: [
      "Isolations and lock-out verified",
      "Atmosphere tested: O2, LEL, H2S, CO",
      "Continuous ventilation in place",
      "Attendant posted at the entrance",
      "Rescue plan and tripod ready",
    ],
  },
  {
    kind: "procedure",
    name: "Work at height",
    description: "Any work where a fall of 2 m or more is possible.",
    procedure:
      "Prefer collective protection (scaffolds, guardrails). Where a harness is needed, stay attached at all times.",
    checklist: [
      "Scaffold inspected and tagged",
      "Harness and lanyard inspected",
      "Anchor point rated",
      "Area below barricaded",
      "Rescue plan in place",
    ],
  },
  {
    kind: "procedure",
    name: "Excavation",
    description: "Digging, trenching and ground penetration.",
    procedure: "Locate underground services before any digging. Shore or batter every trench deeper than 1.2 m.",
    checklist: [
      "Underground services located and marked",
      "Shoring or battering in place",
      "Spoil kept 1 m from the edge",
      "Safe access and egress",
    ],
  },
  {
    kind: "procedure",
    name: "Electrical isolation",
    description: "Work on electrical equipment after isolation.",
    procedure: "Isolate, lock, tag, test for absence of voltage, and earth before work starts.",
    checklist: [
      "Isolation points identified",
      "Locks and tags applied",
      "Absence of voltage tested",
      "Earthing applied",
      "Keys held by the person in charge",
    ],
  },
  {
    kind: "procedure",
    name: "Lifting operations",
    description: "Lifts with cranes, hoists and lifting accessories.",
    procedure: "Every lift follows an approved lift plan. Nobody stands under a suspended load.",
    checklist: [
      "Lift plan approved",
      "Crane and accessories certified",
      "Exclusion zone set",
      "Signaller appointed",
      "Wind speed checked",
    ],
  },
  {
    kind: "general",
    name: "General maintenance",
    description: "Routine mechanical maintenance without a special hazard.",
    procedure: "",
    checklist: ["Work area inspected", "Tools in good condition"],
  },
];

const DEMO_RISKS = [
  {
    name: "Fall from height",
    category: "Height",
    critical: true,
    description: "Falls from scaffolds, ladders, edges.",
  },
  { name: "Fire and explosion", category: "Fire", critical: true, description: "Ignition of flammable vapours." },
  { name: "Toxic atmosphere (H2S)", category: "Chemical", critical: true, description: "Hydrogen sulphide release." },
  { name: "Electric shock", category: "Electrical", critical: true, description: "Contact with live parts." },
  {
    name: "Struck by suspended load",
    category: "Mechanical",
    critical: true,
    description: "A falling or swinging load.",
  },
  { name: "Trench collapse", category: "Civil", critical: true, description: "Burial by a collapsing wall." },
  { name: "Noise", category: "Health", critical: false, description: "Exposure above 85 dB(A)." },
  { name: "Hot surfaces", category: "Burns", critical: false, description: "Lines and equipment above 60 °C." },
  { name: "Slips and trips", category: "General", critical: false, description: "Wet floors, cables, uneven ground." },
  { name: "Manual handling", category: "Ergonomics", critical: false, description: "Heavy or awkward loads." },
] as const;
type TRiskName = (typeof DEMO_RISKS)[number]["name"];

const DEMO_LINKS = [
  {
    title: "Harness inspection video",
    url: "https://training.refinery.example/videos/harness-inspection",
    tag: "Training",
  },
  { title: "Gas testing guide", url: "https://training.refinery.example/gas-testing", tag: "Training" },
  { title: "Site HSE rules", url: "https://docs.refinery.example/hse/site-rules.pdf", tag: "Rules" },
] as const;

const DEMO_SPECIFIC_RISKS = [
  {
    name: "Working at height",
    description: "Any work where a fall of 2 m or more is possible: the harness is worn and attached at all times.",
    logogram: "height",
    checklist: [
      "Harness inspected before use: no cuts, burns or worn stitching",
      "Lanyard with shock absorber, length checked against the fall clearance",
      "Anchor point rated 12 kN or certified",
      "Double lanyard when moving: one hook always attached",
      "Rescue plan and rescue kit on site",
    ],
    trainingUrl: "https://training.refinery.example/working-at-height",
    procedureLinks: [{ title: "Working at height procedure", url: "https://docs.refinery.example/hse/height.pdf" }],
    links: ["Harness inspection video", "Site HSE rules"],
  },
  {
    name: "Confined space entry",
    description: "Entry into a space with limited openings where the atmosphere may be toxic or oxygen-poor.",
    logogram: "confinedSpace",
    checklist: ["Entry permit displayed", "Gas test recorded", "Attendant in contact", "Rescue tripod in place"],
    trainingUrl: "https://training.refinery.example/confined-space",
    procedureLinks: [{ title: "Confined space procedure", url: "https://docs.refinery.example/hse/confined.pdf" }],
    links: ["Gas testing guide"],
  },
  {
    name: "Live electrical work",
    description: "Work near live conductors that cannot be isolated.",
    logogram: "electrical",
    checklist: ["Authorised electrician only", "Insulated tools and mats", "Arc-flash clothing worn"],
    trainingUrl: null,
    procedureLinks: [],
    links: ["Site HSE rules"],
  },
  {
    name: "Suspended loads",
    description: "Lifting over people, process lines or occupied buildings.",
    logogram: "suspendedLoad",
    checklist: ["Lift plan signed", "Exclusion zone barriered", "Tag lines used"],
    trainingUrl: null,
    procedureLinks: [],
    links: [],
  },
] as const satisfies readonly { logogram: keyof typeof DEMO_LOGOGRAMS; [k: string]: unknown }[];
type TSpecificName = (typeof DEMO_SPECIFIC_RISKS)[number]["name"];

/** Assignments on the demo sectors; `place` is a sector name, or "sector / sub-sector". */
const DEMO_ASSIGNMENTS: {
  place: string;
  workType: string;
  risks: TRiskName[];
  specific: TSpecificName[];
  epis: TEpiName[];
}[] = [
  {
    place: "Crude distillation unit",
    workType: "Hot work",
    risks: ["Fire and explosion", "Hot surfaces", "Toxic atmosphere (H2S)"],
    specific: [],
    epis: ["Safety helmet", "Safety gloves", "Safety goggles", "Safety boots", "Personal gas detector"],
  },
  { place: "Crude distillation unit / Furnace F-101", workType: "Hot work", risks: ["Noise"], specific: [], epis: [] },
  {
    place: "Crude distillation unit",
    workType: "Work at height",
    risks: ["Fall from height", "Slips and trips"],
    specific: ["Working at height"],
    epis: ["Safety helmet", "Full-body harness", "Safety boots"],
  },
  {
    place: "Crude distillation unit / Distillation column C-1",
    workType: "Work at height",
    risks: ["Toxic atmosphere (H2S)"],
    specific: [],
    epis: ["Personal gas detector"],
  },
  {
    place: "Tank farm",
    workType: "Confined space entry",
    risks: ["Toxic atmosphere (H2S)", "Fire and explosion"],
    specific: ["Confined space entry"],
    epis: ["Safety helmet", "Personal gas detector", "Full-body harness", "Safety boots"],
  },
  {
    place: "Tank farm",
    workType: "Excavation",
    risks: ["Trench collapse", "Manual handling"],
    specific: [],
    epis: ["Safety helmet", "Safety boots", "Safety gloves"],
  },
  {
    place: "Marine jetty and loading",
    workType: "Lifting operations",
    risks: ["Struck by suspended load", "Slips and trips"],
    specific: ["Suspended loads"],
    epis: ["Safety helmet", "Safety gloves", "Safety boots"],
  },
  {
    place: "Marine jetty and loading",
    workType: "Electrical isolation",
    risks: ["Electric shock"],
    specific: ["Live electrical work"],
    epis: ["Safety helmet", "Safety gloves", "Safety goggles"],
  },
];

/**
 * The risk configuration of the demo: the EPI catalogue (with icons) and the enterprise's picks, work types
 * with checklists, risks, specific critical risks with logograms and links, assignments on the demo sectors
 * and the default 5 × 5 matrix. Each part is added only if missing.
 */
export async function seedRiskConfiguration(ctx: TContext, enterpriseId: string): Promise<void> {
  await seedEpiCatalogue(ctx);
  await seedEnterpriseRisks(ctx, enterpriseId);
  await seedAssignments(ctx, enterpriseId);
  const [hasMatrix] = await ctx.db
    .select({ id: criticalityLevels.id })
    .from(criticalityLevels)
    .where(eq(criticalityLevels.enterpriseId, enterpriseId))
    .limit(1);
  if (!hasMatrix) {
    const [owner] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.enterpriseId, enterpriseId), eq(users.role, "Enterprise")));
    await writeMatrix(ctx, { enterpriseId, userId: owner?.id ?? null }, defaultMatrixInput());
  }
  await seedRiskMinimums(ctx, enterpriseId);
}

/**
 * The demo's minimum criticality levels (permitLevel): a permit naming these is at least that level, whatever its
 * rating — a confined space always needs an approval. No demo permit is kept below them (the confined space is
 * named only on permits whose flow needs an approval).
 */
export const DEMO_RISK_MINIMUMS = {
  risks: {},
  specificRisks: { "Confined space entry": "Medium" },
} as const;

/** Sets the demo's minimums unless the enterprise already has any (a second run, or the demo user's own). */
async function seedRiskMinimums(ctx: TContext, enterpriseId: string) {
  const { rows } = await ctx.pool.query<{ has: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM risks WHERE enterprise_id = $1 AND min_level_id IS NOT NULL)
         OR EXISTS (SELECT 1 FROM specific_risks WHERE enterprise_id = $1 AND min_level_id IS NOT NULL) AS has`,
    [enterpriseId],
  );
  if (rows[0]?.has) return;
  const minimums = [
    [risks, DEMO_RISK_MINIMUMS.risks],
    [specificRisks, DEMO_RISK_MINIMUMS.specificRisks],
  ] as const;
  for (const [table, byName] of minimums) {
    for (const [name, level] of Object.entries(byName)) {
      await ctx.db.execute(
        sql`UPDATE ${table} SET min_level_id = (SELECT id FROM ${criticalityLevels}
              WHERE ${criticalityLevels.enterpriseId} = ${enterpriseId} AND ${criticalityLevels.name} = ${level})
            WHERE enterprise_id = ${enterpriseId} AND name = ${name}`,
      );
    }
  }
}

/** A demo catalogue seeded before EPIs had a French name gets the demo's French names (those still without one). */
async function nameDemoEpisInFrench(ctx: TContext) {
  for (const epi of DEMO_EPIS) {
    await ctx.db
      .update(epis)
      .set({ nameFr: epi.nameFr })
      .where(and(eq(epis.name, epi.name), eq(epis.nameFr, "")));
  }
}

async function seedEpiCatalogue(ctx: TContext) {
  const [existing] = await ctx.db
    .select({ id: epis.id })
    .from(epis)
    .where(
      inArray(
        epis.name,
        DEMO_EPIS.map((e) => e.name),
      ),
    )
    .limit(1);
  if (existing) return nameDemoEpisInFrench(ctx);
  const icons = DEMO_EPIS.map((epi) => DEMO_EPI_ICONS[epi.icon]());
  const keys: string[] = [];
  for (const icon of icons) keys.push(await ctx.storage.put(icon));
  try {
    await inTransaction(ctx.pool, async (tx) => {
      for (const [i, epi] of DEMO_EPIS.entries()) {
        const iconFileId = await recordFile(tx, {
          storageKey: keys[i]!,
          data: icons[i]!,
          contentType: "image/png",
          width: 96,
          height: 96,
          createdBy: null,
          quotaBytes: null,
        });
        await tx.insert(epis).values({ name: epi.name, nameFr: epi.nameFr, description: epi.description, iconFileId });
      }
    });
  } catch (error) {
    await removeStoredFiles(ctx, keys);
    throw error;
  }
  ctx.log.info("demo EPI catalogue seeded");
}

async function seedEnterpriseRisks(ctx: TContext, enterpriseId: string) {
  const [hasWorkTypes] = await ctx.db
    .select({ id: workTypes.id })
    .from(workTypes)
    .where(eq(workTypes.enterpriseId, enterpriseId))
    .limit(1);
  if (hasWorkTypes) return;
  const logograms = DEMO_SPECIFIC_RISKS.map((risk) => DEMO_LOGOGRAMS[risk.logogram]());
  const keys: string[] = [];
  for (const logogram of logograms) keys.push(await ctx.storage.put(logogram));
  try {
    await inTransaction(ctx.pool, async (tx) => {
      const catalogue = await tx
        .select({ id: epis.id, name: epis.name })
        .from(epis)
        .where(
          and(
            inArray(
              epis.name,
              DEMO_EPIS.map((e) => e.name),
            ),
            isNull(epis.deletedAt),
          ),
        );
      const epiId = (name: string) => catalogue.find((e) => e.name === name)?.id;
      const picked = DEMO_EPIS.filter((e) => e.picked)
        .map((e) => epiId(e.name))
        .filter((id): id is string => id !== undefined);
      if (picked.length > 0) {
        await tx
          .insert(enterpriseEpis)
          .values(picked.map((id) => ({ enterpriseId, epiId: id })))
          .onConflictDoNothing();
      }
      await tx.insert(workTypes).values(DEMO_WORK_TYPES.map((w) => ({ ...w, enterpriseId })));
      await tx.insert(risks).values(DEMO_RISKS.map((r) => ({ ...r, enterpriseId })));
      const linkRows = await tx
        .insert(links)
        .values(DEMO_LINKS.map((l) => ({ ...l, enterpriseId })))
        .returning({ id: links.id, title: links.title });
      for (const [i, risk] of DEMO_SPECIFIC_RISKS.entries()) {
        const logogramFileId = await recordFile(tx, {
          storageKey: keys[i]!,
          data: logograms[i]!,
          contentType: "image/png",
          width: 96,
          height: 96,
          createdBy: null,
          quotaBytes: null,
        });
        const [row] = await tx
          .insert(specificRisks)
          .values({
            enterpriseId,
            name: risk.name,
            description: risk.description,
            checklist: [...risk.checklist],
            trainingUrl: risk.trainingUrl,
            procedureLinks: risk.procedureLinks.map((l) => ({ ...l })),
            logogramFileId,
          })
          .returning({ id: specificRisks.id });
        const attached = risk.links.map((title) => linkRows.find((l) => l.title === title)!.id);
        if (attached.length > 0) {
          await tx
            .insert(specificRiskLinks)
            .values(attached.map((linkId, position) => ({ specificRiskId: row!.id, linkId, position })));
        }
      }
    });
  } catch (error) {
    await removeStoredFiles(ctx, keys);
    throw error;
  }
  ctx.log.info("demo risk configuration seeded: work types, risks, specific risks, links, EPI picks");
}

/** The assignments on the demo sectors (again after the sectors were re-added, as they go with them). */
async function seedAssignments(ctx: TContext, enterpriseId: string) {
  const [hasAssignments] = await ctx.db
    .select({ id: riskAssignments.id })
    .from(riskAssignments)
    .where(eq(riskAssignments.enterpriseId, enterpriseId))
    .limit(1);
  if (hasAssignments) return;
  await inTransaction(ctx.pool, async (tx) => {
    const workTypeRows = await tx
      .select({ id: workTypes.id, name: workTypes.name })
      .from(workTypes)
      .where(and(eq(workTypes.enterpriseId, enterpriseId), isNull(workTypes.deletedAt)));
    const riskRows = await tx
      .select({ id: risks.id, name: risks.name })
      .from(risks)
      .where(and(eq(risks.enterpriseId, enterpriseId), isNull(risks.deletedAt)));
    const specificRows = await tx
      .select({ id: specificRisks.id, name: specificRisks.name })
      .from(specificRisks)
      .where(and(eq(specificRisks.enterpriseId, enterpriseId), isNull(specificRisks.deletedAt)));
    const pickedRows = await tx
      .select({ id: epis.id, name: epis.name })
      .from(enterpriseEpis)
      .innerJoin(epis, eq(epis.id, enterpriseEpis.epiId))
      .where(and(eq(enterpriseEpis.enterpriseId, enterpriseId), isNull(epis.deletedAt)));
    const epiId = (name: string) => pickedRows.find((e) => e.name === name)?.id;
    const places = await tx
      .select({ sectorId: sectors.id, sector: sectors.name, subSectorId: subSectors.id, subSector: subSectors.name })
      .from(sectors)
      .leftJoin(subSectors, and(eq(subSectors.sectorId, sectors.id), isNull(subSectors.deletedAt)))
      .where(and(eq(sectors.enterpriseId, enterpriseId), isNull(sectors.deletedAt)));
    const idOf = <T extends { id: string }>(rows: T[], key: keyof T, name: string) =>
      rows.find((r) => r[key] === name)?.id;
    for (const assignment of DEMO_ASSIGNMENTS) {
      const [sectorName, subName] = assignment.place.split(" / ");
      const place = places.find((p) => p.sector === sectorName && (!subName || p.subSector === subName));
      const workTypeId = idOf(workTypeRows, "name", assignment.workType);
      if (!place || !workTypeId) continue; // a demo seeded before without that place
      const [row] = await tx
        .insert(riskAssignments)
        .values({
          enterpriseId,
          sectorId: subName ? null : place.sectorId,
          subSectorId: subName ? place.subSectorId : null,
          workTypeId,
        })
        .returning({ id: riskAssignments.id });
      const assignmentId = row!.id;
      const riskIds = assignment.risks.map((n) => idOf(riskRows, "name", n)).filter((id): id is string => !!id);
      if (riskIds.length > 0) {
        await tx.insert(riskAssignmentRisks).values(riskIds.map((riskId) => ({ assignmentId, riskId })));
      }
      const specificIds = assignment.specific
        .map((n) => idOf(specificRows, "name", n))
        .filter((id): id is string => !!id);
      if (specificIds.length > 0) {
        await tx
          .insert(riskAssignmentSpecificRisks)
          .values(specificIds.map((specificRiskId) => ({ assignmentId, specificRiskId })));
      }
      const epiIds = assignment.epis.map(epiId).filter((id): id is string => id !== undefined);
      if (epiIds.length > 0) {
        await tx.insert(riskAssignmentEpis).values(epiIds.map((id) => ({ assignmentId, epiId: id })));
      }
    }
  });
}
