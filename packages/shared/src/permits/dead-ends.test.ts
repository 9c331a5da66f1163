import { describe, expect, it } from "vitest";
import { matrixDeadEnds, type TSectorManager } from "./dead-ends";

const both = { verify: ["Low"], verify_and_approve: ["Medium", "High"] };
const manager = (id: string, role: "V" | "A" | "VA", createsPermits = false): TSectorManager => ({
  id,
  name: id,
  canVerify: role !== "A",
  canApprove: role !== "V",
  createsPermits,
});
const sector = (...managers: TSectorManager[]) => [{ id: "s1", name: "Boiler room", divisionId: "d1", managers }];
const problems = (...managers: TSectorManager[]) =>
  matrixDeadEnds(sector(...managers), both).map((d) => `${d.flow}:${d.problem}${d.person ? `:${d.person.id}` : ""}`);

describe("matrixDeadEnds", () => {
  it("finds nothing when a Verifier and another Approver hold the sector", () => {
    expect(problems(manager("v", "V"), manager("a", "A"))).toEqual([]);
  });

  it("reports every flow of a sector without a Verifier", () => {
    expect(problems(manager("a", "A"))).toEqual(["verify:noVerifier", "verify_and_approve:noVerifier"]);
    expect(problems()).toEqual(["verify:noVerifier", "verify_and_approve:noVerifier"]);
  });

  it("reports the approval flow of a sector whose only manager is a Verifier", () => {
    expect(problems(manager("v", "V"))).toEqual(["verify_and_approve:noApprover"]);
  });

  it("reports the approval flow when the only Approver is the only Verifier (four eyes)", () => {
    expect(problems(manager("m", "VA"))).toEqual(["verify_and_approve:approverIsOnlyVerifier"]);
  });

  it("lets two people holding both roles complete every flow", () => {
    expect(problems(manager("m1", "VA"), manager("m2", "VA"))).toEqual([]);
  });

  it("reports the creator whose own permits nobody else may verify or approve", () => {
    expect(problems(manager("v", "V", true), manager("a", "A"))).toEqual([
      "verify:creatorOnlyEligible:v",
      "verify_and_approve:creatorOnlyEligible:v",
    ]);
    // With two people holding both roles, a creator's own permit has nobody left to approve it.
    expect(problems(manager("m1", "VA", true), manager("m2", "VA"))).toEqual([
      "verify_and_approve:creatorOnlyEligible:m1",
    ]);
    expect(problems(manager("m1", "VA", true), manager("m2", "VA"), manager("m3", "A"))).toEqual([]);
  });

  it("checks only the flows the enterprise's levels use, and names those levels", () => {
    const found = matrixDeadEnds(sector(manager("v", "V")), { verify: ["Low"] });
    expect(found).toEqual([]);
    const approval = matrixDeadEnds(sector(manager("v", "V")), { verify_and_approve: ["Medium", "High"] });
    expect(approval).toEqual([
      {
        sector: { id: "s1", name: "Boiler room", divisionId: "d1" },
        flow: "verify_and_approve",
        levels: ["Medium", "High"],
        problem: "noApprover",
        person: null,
      },
    ]);
    expect(matrixDeadEnds(sector(), {})).toEqual([]);
  });
});
