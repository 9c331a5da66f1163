import { PERMIT_STATUSES, type TAuditEntry } from "@openpermit/shared";
import type { TFunction } from "i18next";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const isStatus = (value: unknown): value is string =>
  typeof value === "string" && (PERMIT_STATUSES as readonly string[]).includes(value);

/** An id as the reader knows it (the server's label: a document number, a name, a tag), else its first 8 characters. */
function named(entry: TAuditEntry, id: string): string {
  return entry.labels[id.toLowerCase()] ?? entry.labels[id] ?? id.slice(0, 8);
}

/** One recorded value in words: names for ids, translated statuses, dates in the reader's language, yes/no. */
function valueText(t: TFunction, language: string, entry: TAuditEntry, value: unknown): string {
  if (Array.isArray(value)) return value.map((item) => valueText(t, language, entry, item)).join(", ");
  if (typeof value === "boolean") return t(value ? "audit:values.yes" : "audit:values.no");
  if (value === null || value === undefined) return "—";
  if (typeof value === "string") {
    if (UUID.test(value)) return named(entry, value);
    if (isStatus(value)) return t(`common:permitStatus.${value}`, value);
    if (ISO_TIME.test(value) && !Number.isNaN(Date.parse(value))) {
      return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(value));
    }
    return value;
  }
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** The entry's object: its kind and what the reader calls it (a permit's document number, an account's name…). */
export function auditObjectText(t: TFunction, entry: TAuditEntry): string {
  if (!entry.objectType) return "—";
  const kind = t(`audit:objects.${entry.objectType}`, entry.objectType);
  return entry.objectId ? `${kind} ${named(entry, entry.objectId)}` : kind;
}

/**
 * The entry's facts in the reader's words: a permit's move as "Sent → Verified"; anything else as "Field: value"
 * pairs, the fields named in the reader's language and ids replaced by names.
 */
export function auditDetailsText(t: TFunction, language: string, entry: TAuditEntry): string {
  const { from, to, ...rest } = entry.details;
  const parts: string[] = [];
  if (isStatus(from) && isStatus(to)) {
    parts.push(`${valueText(t, language, entry, from)} → ${valueText(t, language, entry, to)}`);
  } else if (from !== undefined || to !== undefined) {
    rest.from = from;
    rest.to = to;
  }
  for (const [key, value] of Object.entries(rest)) {
    if (value === undefined) continue;
    const field = t(`audit:fields.${key}`, key);
    // A list of changed fields names fields too: in the reader's words, like the pair's own field.
    if (key === "fields" && Array.isArray(value)) {
      const names = value.map((name) => t(`audit:fields.${String(name)}`, String(name))).join(", ");
      parts.push(t("audit:fieldValue", { field, value: names, interpolation: { escapeValue: false } }));
      continue;
    }
    // Not escaped again: React escapes the text it renders, and the export writes it as data.
    parts.push(
      t("audit:fieldValue", {
        field,
        value: valueText(t, language, entry, value),
        interpolation: { escapeValue: false },
      }),
    );
  }
  return parts.join(", ");
}
