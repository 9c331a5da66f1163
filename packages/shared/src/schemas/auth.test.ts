import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { V } from "../validation";
import { ZChangePasswordFormSchema, ZSignUpFormSchema, ZSignUpSchema } from "./auth";
import { ZUpdateMeSchema } from "./profile";

const messages = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const first: Record<string, string> = {};
  for (const issue of result.error.issues) first[issue.path.join(".") || "_"] ??= issue.message;
  return first;
};

const good = {
  accountType: "Supplier",
  companyName: "Acme",
  name: "Jo Doe",
  email: "jo@example.com",
  phone: "+33 1 23 45 67 89",
  password: "long-enough",
};

describe("sign-up schema", () => {
  it("accepts a complete sign-up and defaults the language to English", () => {
    const parsed = ZSignUpSchema.parse(good);
    expect(parsed.language).toBe("en");
  });

  it("names each field's problem with its message key", () => {
    expect(messages(ZSignUpSchema, { ...good, email: "" }).email).toBe(V.emailRequired);
    expect(messages(ZSignUpSchema, { ...good, email: "nope" }).email).toBe(V.invalidEmail);
    expect(messages(ZSignUpSchema, { ...good, name: "" }).name).toBe(V.nameRequired);
    expect(messages(ZSignUpSchema, { ...good, name: "J" }).name).toBe(V.min2);
    expect(messages(ZSignUpSchema, { ...good, name: "x".repeat(51) }).name).toBe(V.max50);
    expect(messages(ZSignUpSchema, { ...good, companyName: "" }).companyName).toBe(V.companyNameRequired);
    expect(messages(ZSignUpSchema, { ...good, phone: "" }).phone).toBe(V.phoneRequired);
    expect(messages(ZSignUpSchema, { ...good, phone: "call me" }).phone).toBe(V.invalidNumberFormat);
    expect(messages(ZSignUpSchema, { ...good, password: "" }).password).toBe(V.passwordRequired);
    expect(messages(ZSignUpSchema, { ...good, password: "short" }).password).toBe(V.passwordMin8);
  });

  it("reports a missing field as required, and a wrong type as invalid", () => {
    const { email: _email, name: _name, ...rest } = good;
    expect(messages(ZSignUpSchema, rest)).toMatchObject({ email: V.emailRequired, name: V.nameRequired });
    expect(messages(ZSignUpSchema, { ...good, email: null }).email).toBe(V.emailRequired);
    expect(messages(ZSignUpSchema, { ...good, email: 42 }).email).toBe(V.invalidValue);
  });

  it("trims names and refuses a name of spaces", () => {
    expect(ZSignUpSchema.parse({ ...good, name: "  Jo  " }).name).toBe("Jo");
    expect(messages(ZSignUpSchema, { ...good, name: "   " }).name).toBe(V.nameRequired);
  });

  it("reports a password mismatch together with the other fields' problems", () => {
    const result = messages(ZSignUpFormSchema, { ...good, email: "nope", confirmPassword: "other-password" });
    expect(result).toMatchObject({ email: V.invalidEmail, confirmPassword: V.passwordsMustMatch });
  });

  it("checks that the two passwords match in the form", () => {
    expect(messages(ZSignUpFormSchema, { ...good, confirmPassword: "other-password" }).confirmPassword).toBe(
      V.passwordsMustMatch,
    );
    expect(
      messages(ZChangePasswordFormSchema, { oldPassword: "a", newPassword: "", confirmPassword: "" }).newPassword,
    ).toBe(V.newPasswordRequired);
  });
});

describe("profile update schema", () => {
  it("needs at least one field", () => {
    expect(messages(ZUpdateMeSchema, {})._).toBe(V.atLeastOneField);
    expect(ZUpdateMeSchema.safeParse({ language: "fr" }).success).toBe(true);
  });
});
