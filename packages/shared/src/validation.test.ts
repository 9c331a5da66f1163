import { describe, expect, it } from "vitest";
import { z } from "zod";
import { isLanguage, LANGUAGES } from "./languages";
import { ZLanguageSchema } from "./schemas/common";
import { EMAIL_PATTERN } from "./validation";

describe("the rules checked without zod on the first page", () => {
  it("EMAIL_PATTERN is zod's own pattern for z.email() (an upgrade that changes it is a decision)", () => {
    // The same pattern, written without zod's needless escapes of "-" at the end of a class.
    const unescaped = (pattern: RegExp) => pattern.source.replaceAll("\\-", "-");
    expect(unescaped(EMAIL_PATTERN)).toBe(unescaped(z.regexes.email));
    expect(EMAIL_PATTERN.flags).toBe(z.regexes.email.flags);
  });

  it("isLanguage accepts what ZLanguageSchema accepts", () => {
    for (const value of [...LANGUAGES, "de", "EN", "", null, undefined, 1]) {
      expect(isLanguage(value)).toBe(ZLanguageSchema.safeParse(value).success);
    }
  });
});
