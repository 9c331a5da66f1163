import { expect } from "vitest";
import { pendingEnterpriseDemand } from "../helpers/accounts";
import { affiliate, createSupplierWithPeople } from "../helpers/affiliations";
import { createEnterprise } from "../helpers/factories";
import { post } from "../helpers/http";
import { tokenOf } from "../helpers/organisation";
import type { TFixture, TScope } from "./fixture";

const sideOf = (f: TFixture, scope: TScope) => (scope === "otherTenant" ? f.b : f.a);

/** An enterprise's account demand waiting for the admin. */
export const freshAdminDemand = async (f: TFixture) => (await pendingEnterpriseDemand(f.t.ctx)).demandId;

/**
 * A waiting affiliation demand the caller's side is party to: for a principal, the scope's enterprise invites a
 * new supplier; for a contractor, the scope's supplier asks a new enterprise.
 */
export async function freshAffiliationDemand(f: TFixture, scope: TScope, contractorSide: boolean) {
  const world = sideOf(f, scope).world;
  if (contractorSide) {
    const { enterprise } = await createEnterprise(f.t.ctx);
    const response = await post(
      f.t.app,
      "/api/affiliations/requests",
      { enterpriseId: enterprise.id },
      { token: await tokenOf(f.t.ctx, world.supplierUser) },
    );
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.id as string;
  }
  const invited = await createSupplierWithPeople(f.t.ctx);
  const response = await post(
    f.t.app,
    "/api/affiliations/invitations",
    { email: invited.supplierUser.email },
    { token: await tokenOf(f.t.ctx, world.enterpriseUser) },
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.demand.id as string;
}

/** A contractor of the scope's enterprise, affiliated or detached, that no other case uses. */
export async function freshContractor(f: TFixture, scope: TScope, status: "affiliated" | "detached") {
  const contractor = await createSupplierWithPeople(f.t.ctx);
  await affiliate(f.t.ctx, sideOf(f, scope).world.enterprise.id, contractor.supplier.id, status);
  return contractor.supplier.id;
}
