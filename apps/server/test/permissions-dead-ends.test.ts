import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../src/db/schema";
import type { TPerson } from "./helpers/factories";
import { expectError } from "./helpers/http";
import { addSector, grant } from "./helpers/organisation";
import { completeDraft, createPermitWorld, type TPermitWorld } from "./helpers/permits";
import { createTestApp, type TTestApp } from "./helpers/test-app";

/**
 * No silent dead ends (docs/safety.md): GET /api/permissions/dead-ends lists every criticality flow of a sector
 * that cannot complete with the permissions matrix as it is, for the enterprise and its divisions'
 * super-responsibles; nobody else, and never another tenant's.
 */
let t: TTestApp;
let w: TPermitWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await createPermitWorld(t.ctx);
});
afterAll(async () => t.close());

const deadEnds = async (person: TPerson, divisionId?: string) => {
  const response = await t.as(person).get(`/api/permissions/dead-ends${divisionId ? `?divisionId=${divisionId}` : ""}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { sector: { id: string }; flow: string; problem: string; person: unknown }[];
};
const summary = (found: Awaited<ReturnType<typeof deadEnds>>, sectorId: string) =>
  found.filter((d) => d.sector.id === sectorId).map((d) => `${d.flow}:${d.problem}`);

describe("the permissions matrix's dead ends", () => {
  it("names the approval flow of a sector whose only manager verifies and approves (four eyes)", async () => {
    const found = await deadEnds(w.enterpriseUser);
    // The world's other sector: one Responsible holding both roles; its High level needs an approver besides.
    expect(found.filter((d) => d.sector.id === w.otherSector.id)).toEqual([
      {
        sector: { id: w.otherSector.id, name: w.otherSector.name, divisionId: w.otherDivision.id },
        flow: "verify_and_approve",
        levels: ["High"],
        problem: "approverIsOnlyVerifier",
        person: null,
      },
    ]);
    // The world's sector has a Verifier and another Approver: nothing to say.
    expect(summary(found, w.sector.id)).toEqual([]);
  });

  it("names every flow of a sector without a Verifier, and one whose only manager verifies", async () => {
    const bare = await addSector(t.ctx, w.division);
    const verifierOnly = await addSector(t.ctx, w.division);
    await grant(t.ctx, w.verifier.id, verifierOnly.id, "verifier");
    const found = await deadEnds(w.superResponsible);
    expect(summary(found, bare.id)).toEqual(["verify:noVerifier", "verify_and_approve:noVerifier"]);
    expect(summary(found, verifierOnly.id)).toEqual(["verify_and_approve:noApprover"]);
    // A disabled Verifier verifies nothing.
    const disabled = await addSector(t.ctx, w.division);
    await grant(t.ctx, w.approver.id, disabled.id, "both");
    expect(summary(await deadEnds(w.enterpriseUser, w.division.id), disabled.id)).not.toContain("verify:noVerifier");
    await t.ctx.db.update(users).set({ status: "disabled" }).where(eq(users.id, w.approver.id));
    expect(summary(await deadEnds(w.enterpriseUser, w.division.id), disabled.id)).toContain("verify:noVerifier");
    await t.ctx.db.update(users).set({ status: "active" }).where(eq(users.id, w.approver.id));
  });

  it("names the manager whose own internal permits nobody else may verify there", async () => {
    const created = await t
      .as(w.verifier)
      .post("/api/permits", completeDraft(w, { enterpriseId: w.enterprise.id, taskTitle: "Own job" }));
    expect(created.statusCode, created.body).toBe(201);
    const found = (await deadEnds(w.enterpriseUser)).filter((d) => d.sector.id === w.sector.id);
    expect(found.map((d) => `${d.flow}:${d.problem}`)).toEqual([
      "verify:creatorOnlyEligible",
      "verify_and_approve:creatorOnlyEligible",
    ]);
    expect(found[0]!.person).toMatchObject({ id: w.verifier.id });
  });

  it("is for the enterprise and its super-responsibles only, each within its own divisions and tenant", async () => {
    for (const person of [w.verifier, w.supplierUser, w.employee, w.admin]) {
      expectError(await t.as(person).get("/api/permissions/dead-ends"), 403, "FORBIDDEN");
    }
    // A super-responsible sees its own division's sectors; another division's id is 404.
    expect((await deadEnds(w.superResponsible)).every((d) => d.sector.id !== w.otherSector.id)).toBe(true);
    expectError(
      await t.as(w.superResponsible).get(`/api/permissions/dead-ends?divisionId=${w.otherDivision.id}`),
      404,
      "NOT_FOUND",
    );
    // Another tenant sees its own sectors only, and not our divisions.
    const theirs = await deadEnds(w.otherTenant.enterpriseUser);
    expect(theirs.some((d) => [w.sector.id, w.otherSector.id].includes(d.sector.id))).toBe(false);
    expectError(
      await t.as(w.otherTenant.enterpriseUser).get(`/api/permissions/dead-ends?divisionId=${w.division.id}`),
      404,
      "NOT_FOUND",
    );
  });
});
