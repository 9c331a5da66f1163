import { describe, expect, it } from "vitest";
import { ZEvidenceFieldsSchema, ZEvidenceListQuerySchema, ZEvidenceReviewInputSchema } from "./compliance-evidence";

const requirementId = "00000000-0000-4000-8000-000000000001";
const errorsOf = (input: unknown) => {
  const result = ZEvidenceFieldsSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("the fields given with evidence", () => {
  it("takes multipart strings: empty inputs are absent, the cover a whole number", () => {
    expect(
      ZEvidenceFieldsSchema.parse({
        requirementId,
        workerId: "",
        issuer: " Allianz ",
        reference: "P-12",
        coverAmount: "1000000",
        validFrom: "2026-01-01",
        validUntil: "",
      }),
    ).toEqual({ requirementId, issuer: "Allianz", reference: "P-12", coverAmount: 1_000_000, validFrom: "2026-01-01" });
  });

  it("names each mistake: no issuer, a cover that is not a whole number, dates out of 2000–2100 or out of order", () => {
    expect(errorsOf({ requirementId, issuer: "", validFrom: "2026-01-01" })).toEqual({ issuer: "nameRequired" });
    expect(errorsOf({ requirementId, issuer: "A", coverAmount: "1.5", validFrom: "2026-01-01" })).toEqual({
      coverAmount: "invalidNumberFormat",
    });
    expect(errorsOf({ requirementId, issuer: "A", validFrom: "1999-12-31" })).toEqual({ validFrom: "dateOutOfRange" });
    expect(errorsOf({ requirementId, issuer: "A", validFrom: "2026-01-01", validUntil: "2101-01-01" })).toEqual({
      validUntil: "dateOutOfRange",
    });
    expect(errorsOf({ requirementId, issuer: "A", validFrom: "2026-05-02", validUntil: "2026-05-01" })).toEqual({
      validUntil: "dateRangeOrder",
    });
  });
});

describe("a review", () => {
  it("accepts, or refuses only with a reason", () => {
    expect(ZEvidenceReviewInputSchema.parse({ decision: "accept" })).toEqual({ decision: "accept" });
    expect(ZEvidenceReviewInputSchema.parse({ decision: "refuse", reason: " Expired " })).toEqual({
      decision: "refuse",
      reason: "Expired",
    });
    expect(ZEvidenceReviewInputSchema.safeParse({ decision: "refuse", reason: "  " }).success).toBe(false);
    expect(ZEvidenceReviewInputSchema.safeParse({ decision: "refuse" }).success).toBe(false);
    expect(ZEvidenceReviewInputSchema.safeParse({ decision: "maybe" }).success).toBe(false);
  });
});

describe("the evidence list's query", () => {
  it("pages by default and takes only known statuses", () => {
    expect(ZEvidenceListQuerySchema.parse({})).toEqual({ page: 1, pageSize: 20 });
    expect(ZEvidenceListQuerySchema.parse({ status: "pending", page: "2" })).toMatchObject({
      status: "pending",
      page: 2,
    });
    expect(ZEvidenceListQuerySchema.safeParse({ status: "lost" }).success).toBe(false);
  });
});
