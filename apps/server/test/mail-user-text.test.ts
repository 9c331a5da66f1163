import { NOTIFICATION_KINDS, type TCreditNotificationKind, type TPermitNotificationKind } from "@openpermit/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enterprises } from "../src/db/schema";
import { templates } from "../src/modules/mail/templates";
import { defanged } from "../src/modules/mail/user-text";
import { signUpWithCode, uniqueEmail } from "./helpers/accounts";
import { createTenant, signIn } from "./helpers/factories";
import { post } from "./helpers/http";
import { expectInertMail, HOSTILE_NAME, HOSTILE_NAME_AS_DATA, linkable } from "./helpers/inert-mail";
import { createTestApp, type TTestApp } from "./helpers/test-app";

// People's text in e-mails is quoted data (docs/decisions.md): never a link, never markup, never auto-linkable.

const URL = "https://openpermit.example.com/auth/sign-in/default";
const LANGUAGES = ["en", "fr"] as const;

/** Every template with every text a person chose set to HOSTILE_NAME (codes, links and counts are the app's). */
function everyMail() {
  const permitKinds = NOTIFICATION_KINDS.filter((k): k is TPermitNotificationKind => k.startsWith("permit."));
  const creditKinds = NOTIFICATION_KINDS.filter((k): k is TCreditNotificationKind => k.startsWith("credits."));
  const h = HOSTILE_NAME;
  return LANGUAGES.flatMap((language) => [
    templates.enterpriseApproved[language]({ company: h, url: URL }),
    templates.enterpriseDenied[language]({ company: h, remark: h }),
    templates.invitation[language]({ name: h, inviter: h, url: URL, days: 7 }),
    templates.affiliationInvitation[language]({ enterprise: h, url: URL }),
    templates.affiliationRequest[language]({ supplier: h, url: URL }),
    ...permitKinds.flatMap((kind) =>
      [null, "PTW-2026-0001"].map((documentNumber) =>
        templates.permitNotification[language]({
          kind,
          documentNumber,
          taskTitle: h,
          actorName: h,
          remark: h,
          status: "Approved",
          url: URL,
        }),
      ),
    ),
    ...creditKinds.map((kind) =>
      templates.creditNotification[language]({
        kind,
        enterpriseName: h,
        quantity: 3,
        remaining: 2,
        remark: h,
        url: URL,
      }),
    ),
  ]);
}

describe("people's text in every e-mail template", () => {
  it("is quoted, on one line, and nothing of it is linkable, in both languages", () => {
    const mails = everyMail();
    expect(mails.length).toBeGreaterThan(60);
    for (const mail of mails) {
      const whole = `${mail.subject}\n${mail.text}`;
      if (!whole.includes("Click")) continue; // a notice that names no one (credits low, a scheduler's)
      expect(whole).toContain(HOSTILE_NAME_AS_DATA);
      expect(linkable(mail.subject, "https://openpermit.example.com")).toEqual([]);
      expect(linkable(mail.text, "https://openpermit.example.com")).toEqual([]);
      expect(mail.subject).not.toMatch(/[\r\n]/);
    }
  });

  it("breaks schemes, www. and domain names, not numbers; drops line breaks and invisible marks", () => {
    expect(defanged("see www.evil.com or evil.fr/x, ftp://a.b")).toBe(
      "see www[.]evil[.]com or evil[.]fr/x, ftp[:]//a[.]b",
    );
    expect(defanged("mail bob@evil.example")).toBe("mail bob@evil[.]example");
    expect(defanged("evil。com and evil．com")).toBe("evil[.]com and evil[.]com");
    expect(defanged("http://10.0.0.1/x")).toBe("http[:]//10[.]0[.]0[.]1/x");
    expect(defanged("O2 20.9 %, LEL 2.5 %")).toBe("O2 20.9 %, LEL 2.5 %");
    expect(defanged("line one\r\n\r\nClick\u200b here\u202e")).toBe("line one Click here");
  });
});

describe("people's text in the mails the API sends", () => {
  let t: TTestApp;
  let tenant: Awaited<ReturnType<typeof createTenant>>;
  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t.ctx);
  });
  afterAll(() => t.close());

  it("a self-registered supplier's chosen names reach its employee's invitation and the enterprise as data", async () => {
    const supplier = await signUpWithCode(t, { name: HOSTILE_NAME, companyName: HOSTILE_NAME });
    expect(
      (await post(t.app, "/api/auth/confirm-account", { email: supplier.email, code: supplier.code })).statusCode,
    ).toBe(200);
    const { token } = await signIn(t.app, supplier.email, supplier.password);

    const employeeEmail = uniqueEmail("employee");
    const invitation = t.mailbox.next(employeeEmail);
    const created = await post(
      t.app,
      "/api/employees",
      { name: HOSTILE_NAME, email: employeeEmail, phone: null },
      { token },
    );
    expect(created.statusCode, created.body).toBe(201);
    expectInertMail(await invitation, t.ctx.config.publicUrl);

    const request = t.mailbox.next(tenant.enterpriseUser.email);
    const asked = await post(t.app, "/api/affiliations/requests", { enterpriseId: tenant.enterprise.id }, { token });
    expect(asked.statusCode, asked.body).toBe(201);
    expectInertMail(await request, t.ctx.config.publicUrl);
  });

  it("an enterprise's chosen name reaches the contractor it invites as data", async () => {
    await t.ctx.db.update(enterprises).set({ name: HOSTILE_NAME }).where(eq(enterprises.id, tenant.enterprise.id));
    const email = uniqueEmail("contractor");
    const mail = t.mailbox.next(email);
    const invited = await t
      .as(tenant.enterpriseUser)
      .post("/api/affiliations/invitations", { email, contactName: HOSTILE_NAME });
    expect(invited.statusCode, invited.body).toBe(201);
    expectInertMail(await mail, t.ctx.config.publicUrl);
  });
});
