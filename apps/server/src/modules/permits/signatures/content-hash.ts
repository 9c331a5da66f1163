import { createHash } from "node:crypto";
import type { TPermit } from "@openpermit/shared";

/** A permit as read, before its own content hash is added to it. */
type TSignable = Omit<TPermit, "contentHash">;

/**
 * What the work is, as a signature vouches for it (docs/decisions.md, "What a signature's hash covers"): the place,
 * the window, the work type, the task, the risks, specific risks, protective equipment, the checklist with its
 * answers, the Yes/No answers and the level. Not the status, the people or the files: those change without the
 * work changing. Ids and names both: a renamed risk is the same risk, but the printed words are what was read.
 */
export function signedContentOf(permit: TSignable) {
  return {
    version: 1,
    documentNumber: permit.documentNumber,
    enterprise: permit.enterprise.id,
    place: {
      sector: permit.sector && { id: permit.sector.id, name: permit.sector.name, number: permit.sector.number },
      subSector: permit.subSector && { id: permit.subSector.id, name: permit.subSector.name },
    },
    window: { startAt: permit.startAt, endAt: permit.endAt },
    workType: permit.workType && { id: permit.workType.id, name: permit.workType.name },
    task: {
      title: permit.taskTitle,
      jobDescription: permit.jobDescription,
      generalInformation: permit.generalInformation,
      additionalInformation: permit.additionalInformation,
      subcontractor: permit.subcontractor,
    },
    risks: permit.risks.map((r) => ({ id: r.id, name: r.name })),
    specificRisks: permit.specificRisks.map((s) => ({ id: s.id, name: s.name })),
    epis: permit.epis.map((e) => ({ id: e.id, name: e.name })),
    checklist: permit.checklist,
    answers: permit.answers,
    newRiskDescription: permit.newRiskDescription,
    level: {
      probability: permit.probability?.id ?? null,
      severity: permit.severity?.id ?? null,
      criticality: permit.criticality,
    },
  };
}

/** JSON with every object's keys in code-point order: one text for one content, whatever built it. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** SHA-256 (hex) of the permit's signed content. */
export const contentHashOf = (permit: TSignable) =>
  createHash("sha256")
    .update(canonicalJson(signedContentOf(permit)), "utf8")
    .digest("hex");
