import { describe, expect, it } from "vitest";
import { documentNumber, sendMissing, ZPermitDraftSchema, ZPermitListQuerySchema } from "./permits";

const ENTERPRISE = "0b3a2b0e-7c55-4d7e-9a8e-2f7d1c7e9a10";
const ID = "6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b";

describe("the permit draft", () => {
  it("needs only the enterprise and a title, and says what sending still needs", () => {
    const draft = ZPermitDraftSchema.parse({ enterpriseId: ENTERPRISE, taskTitle: "Replace a valve" });
    expect(sendMissing(draft)).toEqual({
      sectorId: "sectorRequired",
      workTypeId: "workTypeRequired",
      jobDescription: "descriptionRequired",
      startAt: "startRequired",
      endAt: "endRequired",
      probabilityId: "probabilityRequired",
      severityId: "severityRequired",
      "answers.qualificationsAndTools": "answerRequired",
      "answers.jsaComplete": "answerRequired",
      "answers.newRiskPossible": "answerRequired",
    });
  });

  it("is sendable once everything is there (a No is an answer)", () => {
    const draft = ZPermitDraftSchema.parse({
      enterpriseId: ENTERPRISE,
      taskTitle: "Replace a valve",
      sectorId: ID,
      workTypeId: ID,
      jobDescription: "Isolate and replace the valve",
      startAt: "2026-12-01T08:00:00Z",
      endAt: "2026-12-01T17:00:00+01:00",
      probabilityId: ID,
      severityId: ID,
      answers: { qualificationsAndTools: true, jsaComplete: true, newRiskPossible: false },
    });
    expect(sendMissing(draft)).toEqual({});
  });

  it("refuses an end before the start, on the end", () => {
    const result = ZPermitDraftSchema.safeParse({
      enterpriseId: ENTERPRISE,
      taskTitle: "Replace a valve",
      startAt: "2026-12-01T08:00:00Z",
      endAt: "2026-12-01T07:59:00Z",
    });
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["endAt", "endAfterStart"]]);
  });

  it("requires a title", () => {
    const result = ZPermitDraftSchema.safeParse({ enterpriseId: ENTERPRISE, taskTitle: "  " });
    expect(result.error?.issues[0]?.message).toBe("titleRequired");
  });
});

describe("permit list query and numbers", () => {
  it("reads several statuses and refuses an unknown one", () => {
    expect(ZPermitListQuerySchema.parse({ status: "sended,Recheck" }).status).toEqual(["sended", "Recheck"]);
    expect(ZPermitListQuerySchema.safeParse({ status: "sent" }).success).toBe(false);
  });

  it("formats document numbers with six digits", () => {
    expect(documentNumber(2026, 123)).toBe("PTW-2026-000123");
    expect(documentNumber(2027, 1_234_567)).toBe("PTW-2027-1234567");
  });
});
