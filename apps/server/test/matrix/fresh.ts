import { randomBytes } from "node:crypto";
import type { TPermitStatus } from "@openpermit/shared";
import { divisions, emergencies, epis, links, risks, specificRisks, workTypes } from "../../src/db/schema";
import { createUser } from "../helpers/factories";
import { upload } from "../helpers/http";
import { addSector, addSubSector, tokenOf } from "../helpers/organisation";
import { clonePermit } from "../helpers/permits";
import type { TFixture, TScope } from "./fixture";
import { PDF_FILE } from "./fixture-files";

/**
 * Objects made for one destructive case (a delete, a disable, a workflow action), so that no case spoils the
 * fixture the others read. Each is made in the scope the case names.
 */
const unique = () => randomBytes(4).toString("hex");
const sideOf = (f: TFixture, scope: TScope) => (scope === "otherTenant" ? f.b : f.a);
const divisionOf = (f: TFixture, scope: TScope) =>
  scope === "otherDivision" ? f.a.world.otherDivision : sideOf(f, scope).world.division;

export async function freshDivision(f: TFixture, scope: TScope) {
  const [row] = await f.t.ctx.db
    .insert(divisions)
    .values({
      enterpriseId: sideOf(f, scope).world.enterprise.id,
      name: `Empty ${unique()}`,
      description: "To delete",
      address: "3 rue",
      country: "France",
    })
    .returning();
  return row!.id;
}

export const freshSector = async (f: TFixture, scope: TScope) => (await addSector(f.t.ctx, divisionOf(f, scope))).id;

/** An emergency in force over a new, empty sector of the scope's division (nothing else is held by it). */
export async function freshEmergency(f: TFixture, scope: TScope) {
  const division = divisionOf(f, scope);
  const [row] = await f.t.ctx.db
    .insert(emergencies)
    .values({
      enterpriseId: division.enterpriseId,
      divisionId: division.id,
      sectorId: await freshSector(f, scope),
      reason: "Drill",
      declaredBy: sideOf(f, scope).world.enterpriseUser.id,
      declaredAt: new Date(),
      suspendedCount: 0,
    })
    .returning();
  return row!.id;
}

export async function freshSubSector(f: TFixture, scope: TScope) {
  const sector = scope === "otherDivision" ? f.a.world.otherSector : sideOf(f, scope).world.sector;
  return (await addSubSector(f.t.ctx, sector.id, `Room ${unique()}`)).id;
}

export async function freshManager(f: TFixture, scope: TScope, invited = false) {
  const division = divisionOf(f, scope);
  const parents = { enterpriseId: division.enterpriseId, divisionId: division.id };
  return (await createUser(f.t.ctx, "Responsible", parents, invited ? "invited" : "active")).id;
}

/** `invited`: an invitation not yet taken up (one may be sent again). */
export async function freshEmployee(f: TFixture, scope: TScope, invited = false) {
  const supplier = scope === "otherSupplier" ? f.a.world.otherSupplier.supplier : sideOf(f, scope).world.supplier;
  return (await createUser(f.t.ctx, "Employee", { supplierId: supplier.id }, invited ? "invited" : "active")).id;
}

export async function freshEpi(f: TFixture) {
  const [row] = await f.t.ctx.db
    .insert(epis)
    .values({ name: `Gloves ${unique()}` })
    .returning();
  return row!.id;
}

/** A risk, work type, specific risk or link of the scope's enterprise. */
export async function freshOfEnterprise(
  f: TFixture,
  scope: TScope,
  kind: "risk" | "workType" | "specificRisk" | "link",
) {
  const enterpriseId = sideOf(f, scope).world.enterprise.id;
  const db = f.t.ctx.db;
  const name = `Spare ${unique()}`;
  const rows =
    kind === "risk"
      ? await db.insert(risks).values({ enterpriseId, name }).returning({ id: risks.id })
      : kind === "workType"
        ? await db.insert(workTypes).values({ enterpriseId, kind: "general", name }).returning({ id: workTypes.id })
        : kind === "specificRisk"
          ? await db
              .insert(specificRisks)
              .values({ enterpriseId, name, description: "Spare" })
              .returning({ id: specificRisks.id })
          : await db
              .insert(links)
              .values({ enterpriseId, title: name, url: "https://example.com" })
              .returning({ id: links.id });
  return rows[0]!.id;
}

/** The permit a scope names, and its creator. */
export function permitOf(f: TFixture, scope: TScope) {
  if (scope === "otherDivision") return { id: f.a.permitD2, creator: f.a.world.employee };
  if (scope === "otherSupplier") return { id: f.a.permitOtherSupplier, creator: f.a.world.otherSupplier.employee };
  const side = sideOf(f, scope);
  return { id: side.permitD1, creator: side.world.employee };
}

/** A draft copy of the scope's permit (same enterprise, division, supplier and creator). */
export const freshPermit = async (f: TFixture, scope: TScope, status: TPermitStatus = "pending") =>
  clonePermit(f.t.ctx, permitOf(f, scope).id, status);

/** A fresh copy of the scope's permit with a file its creator attached while a draft, then put in `status`. */
export async function freshPermitFile(f: TFixture, scope: TScope, status: TPermitStatus = "pending") {
  const permit = permitOf(f, scope);
  const id = await freshPermit(f, scope);
  const token = await tokenOf(f.t.ctx, permit.creator);
  const response = await upload(f.t.app, "POST", `/api/permits/${id}/files`, "file", PDF_FILE(), { token });
  if (response.statusCode !== 201) throw new Error(`permit file: ${response.statusCode} ${response.body}`);
  if (status !== "pending") {
    await f.t.ctx.pool.query(
      "UPDATE permits SET status = $2, document_number = 'PTW-F-' || substr(id::text, 1, 18) WHERE id = $1",
      [id, status],
    );
  }
  return { id, fileId: response.json().data.id as string };
}

/**
 * A copy of the scope's permit in progress with a pending extension asked by its creator (the shift routes: sign
 * and refuse need one to decide).
 */
export async function freshExtension(f: TFixture, scope: TScope) {
  const permit = permitOf(f, scope);
  const id = await freshPermit(f, scope, "In_progress");
  const { rows } = await f.t.ctx.pool.query<{ id: string }>(
    `INSERT INTO permit_extensions (permit_id, asked_by, asked_at, reason, old_end_at, new_end_at)
     SELECT id, $2, now(), 'More time', end_at, end_at + interval '1 hour' FROM permits WHERE id = $1 RETURNING id`,
    [id, permit.creator.id],
  );
  return { id, extensionId: rows[0]!.id };
}

/** A copy of the scope's permit in progress with an open handover from its creator to `toId`. */
export async function freshHandover(f: TFixture, scope: TScope, toId: string) {
  const permit = permitOf(f, scope);
  const id = await freshPermit(f, scope, "In_progress");
  const { rows } = await f.t.ctx.pool.query<{ id: string }>(
    `INSERT INTO permit_handovers (permit_id, from_id, to_id, note, started_at)
     VALUES ($1, $2, $3, 'Half done', now()) RETURNING id`,
    [id, permit.creator.id, toId],
  );
  return { id, handoverId: rows[0]!.id };
}
