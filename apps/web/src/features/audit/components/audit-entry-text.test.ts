import type { TAuditEntry } from "@openpermit/shared";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import enAudit from "../../../../public/locales/en/audit.json";
import frAudit from "../../../../public/locales/fr/audit.json";
import { auditDetailsText } from "./audit-entry-text";

function translator(language: "en" | "fr") {
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    initAsync: false,
    resources: { en: { audit: enAudit }, fr: { audit: frAudit } },
    interpolation: { escapeValue: false },
  });
  return instance.t;
}

const entry = (details: Record<string, unknown>) => ({ details, labels: {} }) as unknown as TAuditEntry;

describe("an audit entry's facts", () => {
  it("name the changed fields in the reader's language, not as stored", () => {
    const changed = entry({ fields: ["name", "phone", "language"] });
    expect(auditDetailsText(translator("fr"), "fr", changed)).toBe("Champs : Nom, Téléphone, Langue");
    expect(auditDetailsText(translator("en"), "en", changed)).toBe("Fields: Name, Phone, Language");
  });
  it("keep a field it has no words for as stored", () => {
    expect(auditDetailsText(translator("en"), "en", entry({ fields: ["somethingNew"] }))).toBe("Fields: somethingNew");
  });
});
