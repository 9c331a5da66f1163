import type { TComplianceKind, TComplianceOverviewRow, TStanding } from "@openpermit/shared";
import { type TTableFormat, writeTableFile } from "../../lib/table-file";

/**
 * The compliance view as a CSV or XLSX file, in the reader's language (headers, kinds, standings). Written by the
 * table-file helper, which quotes a CSV cell a spreadsheet would run as a formula (a contractor named "=HYPERLINK…").
 */

const WORDS = {
  en: {
    sheet: "Compliance",
    headers: {
      contractor: "Contractor",
      worker: "Worker",
      requirement: "Requirement",
      kind: "Kind",
      required: "Required of all",
      standing: "Standing",
      validUntil: "Valid until",
    },
    yes: "Yes",
    no: "No",
    kinds: { document: "Company document", competence: "Competence", induction: "Site induction" },
    standings: {
      valid: "Valid",
      expiring: "Expiring",
      pending: "Pending review",
      expired: "Expired",
      refused: "Refused",
      missing: "Missing",
    },
  },
  fr: {
    sheet: "Conformité",
    headers: {
      contractor: "Prestataire",
      worker: "Intervenant",
      requirement: "Exigence",
      kind: "Type",
      required: "Exigée de tous",
      standing: "État",
      validUntil: "Valable jusqu’au",
    },
    yes: "Oui",
    no: "Non",
    kinds: { document: "Document de l’entreprise", competence: "Compétence", induction: "Accueil sécurité" },
    standings: {
      valid: "Valide",
      expiring: "Expire bientôt",
      pending: "En attente de vérification",
      expired: "Expiré",
      refused: "Refusé",
      missing: "Manquant",
    },
  },
} satisfies Record<
  "en" | "fr",
  {
    sheet: string;
    headers: Record<string, string>;
    yes: string;
    no: string;
    kinds: Record<TComplianceKind, string>;
    standings: Record<TStanding, string>;
  }
>;

const WIDTHS = { contractor: 30, worker: 25, requirement: 30, kind: 22, required: 14, standing: 22, validUntil: 14 };

export function overviewFileName(format: TTableFormat, today: string): string {
  return `compliance-${today}.${format}`;
}

export function writeOverviewFile(
  format: TTableFormat,
  language: "en" | "fr",
  rows: TComplianceOverviewRow[],
): Promise<Buffer> {
  const w = WORDS[language];
  const columns = Object.entries(w.headers).map(([key, header]) => ({
    key,
    header,
    width: WIDTHS[key as keyof typeof WIDTHS],
  }));
  return writeTableFile(
    format,
    w.sheet,
    columns,
    rows.map((r) => ({
      contractor: r.contractor.name,
      worker: r.worker?.name ?? "",
      requirement: r.requirement.name,
      kind: w.kinds[r.requirement.kind],
      required: r.requirement.requiredOfAll ? w.yes : w.no,
      standing: w.standings[r.standing],
      validUntil: r.validUntil ?? "",
    })),
  );
}
