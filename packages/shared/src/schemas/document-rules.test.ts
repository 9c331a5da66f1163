import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AT_LEAST_ONE_FIELD, ZEmailSchema, ZPhoneSchema } from "./common";
import { ZUpdateMeSchema } from "./profile";

/**
 * The rules the server checks in code are stated in the API document too (common.ts): what the document says must be
 * what the server does, never stricter, so a client that follows the document is never refused for it.
 */
const documented = (schema: z.ZodType) => z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });

describe("rules the API document states", () => {
  it("states the e-mail format and the phone rule", () => {
    expect(documented(ZEmailSchema)).toMatchObject({ type: "string", format: "email" });
    expect(documented(ZPhoneSchema)).toMatchObject({ type: "string", pattern: expect.any(String) });
  });

  it("states the phone rule exactly as the server reads a phone", () => {
    const pattern = new RegExp((documented(ZPhoneSchema) as { pattern: string }).pattern);
    const samples = [
      "+33 6 11 22 33 44",
      "  +33 6 11 22 33 44  ",
      "06.11.22.33.44",
      "(555) 123-4567",
      "123456",
      "12345",
      "+1 2 3 4 5",
      "+1 2 3 4 5 6",
      "abc123456",
      "1234567890123456789012",
      "12345678901234567890",
      " 12345678901234567890 ",
      "\t+44 20 7946 0958\n",
      "++33611223344",
      "",
      "      ",
      "(((((()",
      "1-2-3-4-5-6",
    ];
    for (const sample of samples) {
      expect(pattern.test(sample), JSON.stringify(sample)).toBe(ZPhoneSchema.safeParse(sample).success);
    }
  });

  it("states that a change names at least one field", () => {
    expect(documented(ZUpdateMeSchema)).toMatchObject({ type: "object", ...AT_LEAST_ONE_FIELD });
    expect(ZUpdateMeSchema.safeParse({}).success).toBe(false);
  });
});
