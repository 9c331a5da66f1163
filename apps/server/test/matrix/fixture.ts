import type { TRole } from "@openpermit/shared";
import { expect } from "vitest";
import { notifications } from "../../src/db/schema";
import { createUser, type TPerson } from "../helpers/factories";
import { post } from "../helpers/http";
import { addSubSector, tokenOf } from "../helpers/organisation";
import { clonePermit, completeDraft, createPermitWorld, type TPermitWorld } from "../helpers/permits";
import type { TTestApp } from "../helpers/test-app";
import { addFiles, type TFiles } from "./fixture-files";

export const ROLES = ["Admin", "Enterprise", "SuperResponsible", "Responsible", "Supplier", "Employee"] as const;

/** Whose objects a case names, seen from the caller (who is always of tenant A, supplier S1, or the admin). */
export type TScope = "own" | "otherDivision" | "otherSupplier" | "otherTenant";

export interface TSide {
  world: TPermitWorld;
  subSectorA2: { id: string };
  superResponsibleA2: TPerson;
  linkId: string;
  creditDemandId: string;
  /** Permits: of division 1 by the supplier's employee, of division 2 (same employee), of another supplier. */
  permitD1: string;
  permitD2: string;
  permitOtherSupplier: string;
  files: TFiles;
}

export interface TFixture {
  t: TTestApp;
  a: TSide;
  b: TSide;
  /** The six callers: tenant A's Enterprise, SuperResponsible and Responsible (division 1), S1's people, the admin. */
  callers: Record<TRole, TPerson>;
  tokens: Record<TRole, string>;
  /** One notification of each caller, and one of tenant B's Enterprise user. */
  notificationOf: Record<TRole | "otherTenant", string>;
}

async function createdPermit(t: TTestApp, world: TPermitWorld) {
  const draft = completeDraft(world);
  const response = await post(t.app, "/api/permits", draft, { token: await tokenOf(t.ctx, world.employee) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
}

/** One principal with everything the routes name: two divisions, people, configuration, permits, files. */
async function buildSide(t: TTestApp): Promise<TSide> {
  const world = await createPermitWorld(t.ctx);
  const enterpriseId = world.enterprise.id;
  const subSectorA2 = await addSubSector(t.ctx, world.otherSector.id, "Boiler room");
  const superResponsibleA2 = await createUser(t.ctx, "SuperResponsible", {
    enterpriseId,
    divisionId: world.otherDivision.id,
  });
  const boss = { token: await tokenOf(t.ctx, world.enterpriseUser) };
  const link = await post(t.app, "/api/links", { title: "Site rules", url: "https://example.com/rules" }, boss);
  expect(link.statusCode, link.body).toBe(201);
  const credit = await post(t.app, "/api/credits/demands", { quantity: 10 }, boss);
  expect(credit.statusCode, credit.body).toBe(201);

  const permitD1 = await createdPermit(t, world);
  const permitD2 = await clonePermit(t.ctx, permitD1, "pending");
  // In the other division's sector, at its sub-sector (a divided sector's permit names one).
  await t.ctx.pool.query("UPDATE permits SET division_id = $2, sector_id = $3, sub_sector_id = $4 WHERE id = $1", [
    permitD2,
    world.otherDivision.id,
    world.otherSector.id,
    subSectorA2.id,
  ]);
  const permitOtherSupplier = await clonePermit(t.ctx, permitD1, "pending");
  await t.ctx.pool.query("UPDATE permits SET supplier_id = $2, created_by = $3 WHERE id = $1", [
    permitOtherSupplier,
    world.otherSupplier.supplier.id,
    world.otherSupplier.employee.id,
  ]);
  const files = await addFiles(t, world, permitD1);
  // The scopes' permits are sent requests, which the principal's side sees (a never-sent draft is its author's).
  await t.ctx.pool.query(
    `UPDATE permits SET status = 'sended', sent_at = now(), document_number = 'PTW-M-' || substr(id::text, 1, 18)
     WHERE id = ANY($1::uuid[])`,
    [[permitD1, permitD2, permitOtherSupplier]],
  );
  return {
    world,
    subSectorA2,
    superResponsibleA2,
    linkId: link.json().data.id,
    creditDemandId: credit.json().data.id,
    permitD1,
    permitD2,
    permitOtherSupplier,
    files,
  };
}

export async function buildFixture(t: TTestApp): Promise<TFixture> {
  const a = await buildSide(t);
  const b = await buildSide(t);
  const w = a.world;
  const callers: Record<TRole, TPerson> = {
    Admin: w.admin,
    Enterprise: w.enterpriseUser,
    SuperResponsible: w.superResponsible,
    Responsible: w.verifier,
    Supplier: w.supplierUser,
    Employee: w.employee,
  };
  const tokens = {} as Record<TRole, string>;
  const notificationOf = {} as Record<TRole | "otherTenant", string>;
  const owners: [TRole | "otherTenant", TPerson][] = [
    ...Object.entries(callers).map(([role, person]) => [role as TRole, person] as [TRole, TPerson]),
    ["otherTenant", b.world.enterpriseUser],
  ];
  for (const [key, person] of owners) {
    if (key !== "otherTenant") tokens[key] = await tokenOf(t.ctx, person);
    const [row] = await t.ctx.db
      .insert(notifications)
      .values({ userId: person.id, kind: "permit.sent", params: {} })
      .returning({ id: notifications.id });
    notificationOf[key] = row!.id;
  }
  return { t, a, b, callers, tokens, notificationOf };
}
