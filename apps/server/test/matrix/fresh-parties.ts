import { expect } from "vitest";
import { pendingEnterpriseDemand } from "../helpers/accounts";
import { affiliate, createSupplierWithPeople } from "../helpers/affiliations";
import { createEnterprise, createUser } from "../helpers/factories";
import { post } from "../helpers/http";
import { tokenOf } from "../helpers/organisation";
import type { TFixture, TScope } from "./fixture";

const sideOf = (f: TFixture, scope: TScope) => (scope === "otherTenant" ? f.b : f.a);

/** An enterprise's account demand waiting for the admin. */
export const freshAdminDemand = async (f: TFixture) => (await pendingEnterpriseDemand(f.t.ctx)).demandId;

/**
 * A waiting affiliation demand the scope's side is party to. `fromSupplier`: a supplier asked, else an enterprise
 * invited. `contractorSide`: the scope's party is its supplier (the other party a new enterprise), else its
 * enterprise (the other party a new supplier).
 */
export async function freshAffiliationDemand(
  f: TFixture,
  scope: TScope,
  fromSupplier: boolean,
  contractorSide: boolean,
) {
  const world = sideOf(f, scope).world;
  const enterprise = contractorSide ? (await createEnterprise(f.t.ctx)).enterprise : world.enterprise;
  const boss = contractorSide
    ? await createUser(f.t.ctx, "Enterprise", { enterpriseId: enterprise.id })
    : world.enterpriseUser;
  const supplierUser = contractorSide ? world.supplierUser : (await createSupplierWithPeople(f.t.ctx)).supplierUser;
  const response = fromSupplier
    ? await post(
        f.t.app,
        "/api/affiliations/requests",
        { enterpriseId: enterprise.id },
        {
          token: await tokenOf(f.t.ctx, supplierUser),
        },
      )
    : await post(
        f.t.app,
        "/api/affiliations/invitations",
        { email: supplierUser.email },
        {
          token: await tokenOf(f.t.ctx, boss),
        },
      );
  expect(response.statusCode, response.body).toBe(201);
  const data = response.json().data;
  return (fromSupplier ? data.id : data.demand.id) as string;
}

/** A contractor of the scope's enterprise, affiliated or detached, that no other case uses. */
export async function freshContractor(f: TFixture, scope: TScope, status: "affiliated" | "detached") {
  const contractor = await createSupplierWithPeople(f.t.ctx);
  await affiliate(f.t.ctx, sideOf(f, scope).world.enterprise.id, contractor.supplier.id, status);
  return contractor.supplier.id;
}
