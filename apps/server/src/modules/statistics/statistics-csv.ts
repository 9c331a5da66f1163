import { STATISTICS_STATUSES, type TStatisticsDuration, type TStatisticsGroup } from "@openpermit/shared";
import ExcelJS from "exceljs";
import type { TChartData } from "./statistics.service";

/** The statuses as the web app's English labels say them (the API names are kept for the file's readers too). */
const STATUS_LABELS: Record<(typeof STATISTICS_STATUSES)[number], string> = {
  sended: "Sent",
  Recheck: "Recheck",
  Confirmed: "Verified",
  Approved: "Approved",
  accepted: "Accepted",
  In_progress: "In progress",
  Ended: "Ended",
  Canceled: "Cancelled",
  Failed: "Rejected",
};

/** A spreadsheet runs a cell starting with one of these as a formula: names typed by users get an apostrophe. */
const FORMULA_START = /^[=+\-@\t\r]/;
const safe = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

const groupName = (group: TStatisticsGroup, internal: string) =>
  group.kind === "internal" ? internal : group.kind === "other" ? `Other (${group.groups})` : safe(group.name);

const durationRow = (step: string, d: TStatisticsDuration) => [step, d.median ?? "", d.p90 ?? "", d.count];

/** The header and rows of one chart's file. */
function table(data: TChartData): (string | number)[][] {
  switch (data.chart) {
    case "perMonth":
      return [
        ["Month", ...STATISTICS_STATUSES.map((s) => STATUS_LABELS[s]), "Total"],
        ...data.rows.map((m) => [m.month, ...STATISTICS_STATUSES.map((s) => m.counts[s]), m.total]),
      ];
    case "bySector":
      return [["Sector", "Permits"], ...data.rows.map((g) => [groupName(g, ""), g.count])];
    case "byContractor":
      return [["Contractor", "Permits"], ...data.rows.map((g) => [groupName(g, "Internal"), g.count])];
    case "byWorkType":
      return [["Work type", "Permits"], ...data.rows.map((g) => [groupName(g, ""), g.count])];
    case "byCriticality":
      return [["Criticality", "Colour", "Permits"], ...data.rows.map((l) => [safe(l.level), l.colour, l.count])];
    case "durations":
      return [
        ["Step", "Median (minutes)", "90th percentile (minutes)", "Permits"],
        durationRow("Send to verification", data.rows.sendToVerification),
        durationRow("Send to approval", data.rows.sendToApproval),
      ];
    case "rates":
      return [
        ["Rate", "Permits", "Out of", "Share (%)"],
        ...(["recheck", "rejection"] as const).map((key) => {
          const r = data.rows[key];
          return [key === "recheck" ? "Recheck" : "Rejection", r.count, r.total, r.rate === null ? "" : round1(r.rate)];
        }),
      ];
  }
}

const round1 = (share: number) => Math.round(share * 1000) / 10;

/**
 * One chart's data as CSV: UTF-8 with a byte-order mark (so spreadsheet programs read accents), comma-separated,
 * a header line, one row per bar.
 */
export async function writeChartCsv(data: TChartData): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(data.chart);
  for (const row of table(data)) sheet.addRow(row);
  const bytes = await workbook.csv.writeBuffer({ formatterOptions: { writeBOM: true } });
  return Buffer.from(bytes as ArrayBuffer);
}
