import { ZSignInSchema } from "@openpermit/shared";
import { zod4Resolver } from "mantine-form-zod-resolver";
import { describe, expect, it } from "vitest";
import { signInBody, signInErrors } from "./sign-in-rules";

const schemaErrors = zod4Resolver(ZSignInSchema, { errorPriority: "first" });

describe("the sign-in form's checks, without zod", () => {
  it.each([
    ["", ""],
    ["   ", "secret"],
    ["jo@example.com", ""],
    ["not-an-email", "secret"],
    ["jo@", "secret"],
    ["@example.com", "secret"],
    ["jo@example", "secret"],
    ["jo example@example.com", "secret"],
    [`${"a".repeat(140)}@example.com`, "secret"],
    ["  jo@example.com  ", "x".repeat(128)],
    ["jo@example.com", "x".repeat(129)],
    ["jo.o'neil+site@sub.example.co.uk", "Demo-Permit-2026"],
  ])("give the shared schema's message for %j / a password of %j", (email, password) => {
    expect(signInErrors({ email, password })).toEqual(schemaErrors({ email, password }));
  });

  it("send the e-mail address trimmed, as the schema parses it", () => {
    const values = { email: "  jo@example.com ", password: " pass word " };
    expect(signInBody(values)).toEqual(ZSignInSchema.parse(values));
  });
});
