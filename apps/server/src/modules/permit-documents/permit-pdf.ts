import {
  epiName,
  type TGasTest,
  type TIsolationPoint,
  type TPermit,
  type TPermitClashes,
  type TPermitEvent,
} from "@openpermit/shared";
import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import { clashLines } from "./clash-lines";
import { gasTestLines } from "./gas-test-lines";
import { isolationLines } from "./isolation-lines";
import { eventLabel, labelsOf, printedStatus, statusLabel, type TDocumentLanguage } from "./labels";
import { shiftLines } from "./shift-lines";
import { approvedByLine, signatureLines } from "./signature-lines";

export interface TPermitPdfInput {
  permit: TPermit & { documentNumber: string };
  history: TPermitEvent[];
  /** The isolations the permit needs, as they stand when printed. */
  isolations: TIsolationPoint[];
  /** Its gas tests, newest first (printed where its work type requires them). */
  gasTests: TGasTest[];
  /** Its clashes as they stand when printed, and the acknowledgements made. */
  clashes: TPermitClashes;
  /** The public check page the QR code opens. */
  checkUrl: string;
  language: TDocumentLanguage;
  /** An IANA zone; dates are printed in it with its name written out. */
  timeZone: string;
  now: Date;
  /** Uncompressed content streams, so tests can read the text. */
  compress: boolean;
}

const MARGIN = 40;
const QR_SIZE = 110;
const GREY = "#555555";
const INK = "#111111";

/**
 * The standard PDF fonts only know WinAnsi: spaces Intl uses (narrow/no-break) become plain spaces and what the
 * encoding lacks becomes "?", rather than printing wrong glyphs on a safety document.
 */
const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");
export function printable(text: string): string {
  return (
    text
      .replace(/[\u202f\u00a0\u2009]/g, " ")
      .replace(/[\u2192]/g, "->")
      // Gas names (O₂, H₂S) and limits (≥) in the standard fonts' letters.
      .replace(/[\u2080-\u2089]/g, (c) => String(c.charCodeAt(0) - 0x2080))
      .replace(/\u2265/g, ">=")
      .replace(/[^\n\t\x20-\x7e\xa0-\xff]/g, (c) => (WIN_ANSI_EXTRA.has(c) ? c : "?"))
  );
}

/** A date in the zone, e.g. "1 Dec 2026, 09:00" (the zone is written once, in the dates section). */
function dateFormatter(language: TDocumentLanguage, timeZone: string) {
  const format = new Intl.DateTimeFormat(language === "fr" ? "fr-FR" : "en-GB", {
    timeZone,
    dateStyle: "medium",
    timeStyle: "short",
  });
  return (iso: string | null) => (iso ? format.format(new Date(iso)) : null);
}

/** The whole permit on A4 pages, with the QR code of its public check; resolves to the PDF's bytes. */
export async function renderPermitPdf(input: TPermitPdfInput): Promise<Buffer> {
  const { permit, language, timeZone } = input;
  const L = labelsOf(language);
  const date = dateFormatter(language, timeZone);
  const qr = await QRCode.toBuffer(input.checkUrl, { type: "png", errorCorrectionLevel: "M", margin: 1, width: 330 });

  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    compress: input.compress,
    bufferPages: true,
    info: { Title: `${L.title} ${permit.documentNumber}`, Subject: permit.taskTitle, Creator: "OpenPermit" },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN - 20;
  const ensure = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };
  const text = (value: string, options: PDFKit.Mixins.TextOptions = {}) =>
    doc.text(printable(value), { width, ...options });
  const heading = (title: string) => {
    ensure(40);
    doc.moveDown(0.8).font("Helvetica-Bold").fontSize(12).fillColor(INK);
    text(title.toUpperCase());
    const y = doc.y + 1;
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + width, y)
      .lineWidth(0.5)
      .strokeColor("#999999")
      .stroke();
    doc.moveDown(0.4).font("Helvetica").fontSize(10);
  };
  const field = (label: string, value: string | null | undefined) => {
    ensure(14);
    doc.font("Helvetica-Bold").fontSize(10).fillColor(GREY);
    text(`${label}: `, { continued: true });
    doc.font("Helvetica").fillColor(INK);
    text(value?.trim() ? value : L.notSet);
  };
  const paragraph = (label: string, value: string) => {
    ensure(28);
    doc.font("Helvetica-Bold").fontSize(10).fillColor(GREY);
    text(label);
    doc.font("Helvetica").fillColor(INK);
    text(value.trim() || L.notSet);
    doc.moveDown(0.3);
  };
  const bullets = (items: string[]) => {
    doc.font("Helvetica").fontSize(10).fillColor(INK);
    if (items.length === 0) text(L.none);
    for (const item of items) {
      ensure(14);
      text(`- ${item}`, { indent: 8 });
    }
  };
  const tickBox = (checked: boolean, label: string) => {
    ensure(16);
    const y = doc.y;
    doc
      .rect(MARGIN + 8, y + 1, 9, 9)
      .lineWidth(0.8)
      .strokeColor(INK)
      .stroke();
    if (checked) {
      doc
        .moveTo(MARGIN + 9.5, y + 5.5)
        .lineTo(MARGIN + 12, y + 8.5)
        .lineTo(MARGIN + 16, y + 2)
        .lineWidth(1.4)
        .stroke();
    }
    doc.font("Helvetica").fontSize(10).fillColor(INK);
    doc.text(printable(label), MARGIN + 24, y, { width: width - 24 });
    doc.x = MARGIN;
  };

  // Header: title, enterprise, number, status and criticality on the left; the QR code on the right.
  const qrX = MARGIN + width - QR_SIZE;
  const top = doc.y;
  doc.image(qr, qrX, top, { width: QR_SIZE, height: QR_SIZE, link: input.checkUrl });
  const left = width - QR_SIZE - 12;
  doc.font("Helvetica-Bold").fontSize(20).fillColor(INK);
  doc.text(printable(L.title), MARGIN, top, { width: left });
  doc.font("Helvetica").fontSize(12).text(printable(permit.enterprise.name), { width: left });
  doc.moveDown(0.4).font("Helvetica-Bold").fontSize(16);
  doc.text(printable(permit.documentNumber), { width: left });
  doc.moveDown(0.3).font("Helvetica").fontSize(11);
  const flag = permit.awaitingHandBack ? ` - ${L.awaitingHandBack}` : "";
  doc.text(printable(`${L.status}: ${printedStatus(language, permit)}${flag}`), { width: left });
  if (permit.criticality) {
    const y = doc.y + 2;
    doc.rect(MARGIN, y, 14, 14).fillColor(permit.criticality.colour).fill();
    doc.fillColor(INK).text(printable(`${L.criticality}: ${permit.criticality.name}`), MARGIN + 20, y + 2, {
      width: left - 20,
    });
    doc.x = MARGIN;
  }
  doc.y = Math.max(doc.y, top + QR_SIZE) + 4;
  doc.font("Helvetica").fontSize(8).fillColor(GREY);
  text(L.checkHint);
  doc.fillColor(INK);
  text(input.checkUrl, { link: input.checkUrl, lineBreak: false });
  doc.moveDown(0.5);

  heading(L.place);
  field(L.division, permit.division?.name);
  field(L.sector, permit.sector ? `${permit.sector.number} - ${permit.sector.name}` : null);
  field(L.subSector, permit.subSector?.name);
  field(L.workType, permit.workType?.name);
  field(L.contractor, permit.internal ? L.internal : permit.contractor?.name);
  field(L.subcontractor, permit.subcontractor);

  heading(L.dates);
  field(L.startAt, date(permit.startAt));
  field(L.endAt, date(permit.endAt));
  doc.fontSize(8).fillColor(GREY);
  text(`${L.timesIn} ${timeZone}`);

  heading(L.crew);
  bullets(
    permit.crew.map((w) => {
      if (w.signedOnAt) return `${w.name} - ${L.signedOn} ${date(w.signedOnAt)}`;
      return `${w.name} - ${w.signedOffAt ? `${L.signedOff} ${date(w.signedOffAt)}` : L.notSignedOn}`;
    }),
  );

  heading(L.work);
  paragraph(L.taskTitle, permit.taskTitle);
  paragraph(L.jobDescription, permit.jobDescription);
  paragraph(L.generalInformation, permit.generalInformation);
  paragraph(L.additionalInformation, permit.additionalInformation);

  heading(L.risks);
  bullets(permit.risks.map((r) => (r.critical ? `${r.name} (${L.critical})` : r.name)));
  heading(L.specificRisks);
  bullets(permit.specificRisks.map((s) => s.name));
  heading(L.epis);
  bullets(permit.epis.map((e) => epiName(e, language)));

  heading(L.isolations);
  if (input.isolations.length === 0) field(L.isolations, L.noIsolation);
  else bullets(isolationLines(input.isolations, language, date));

  if (permit.gasTest) {
    heading(L.gasTests);
    if (permit.gasTest.dueAt) field(L.gasTestDue, date(permit.gasTest.dueAt));
    if (permit.gasTest.overdue) field(L.gasTests, L.gasRetestOverdue);
    if (input.gasTests.length === 0) field(L.gasTests, L.noGasTest);
    else bullets(gasTestLines(input.gasTests, language, date));
  }
  heading(L.clashes);
  const clashes = clashLines(input.clashes, language, date);
  if (clashes.length === 0) field(L.clashes, L.noClash);
  else bullets(clashes);

  heading(L.questions);
  const answer = (value: boolean | null) => (value === null ? L.notAnswered : value ? L.yes : L.no);
  field(L.qualificationsAndTools, answer(permit.answers.qualificationsAndTools));
  field(L.jsaComplete, answer(permit.answers.jsaComplete));
  field(L.newRiskPossible, answer(permit.answers.newRiskPossible));
  if (permit.newRiskDescription) field(L.newRiskDescription, permit.newRiskDescription);

  heading(L.checklists);
  if (permit.checklist.length === 0) bullets([]);
  let source = "";
  for (const item of permit.checklist) {
    if (item.sourceName !== source) {
      source = item.sourceName;
      ensure(30);
      doc.moveDown(0.2).font("Helvetica-Bold").fontSize(10).fillColor(GREY);
      text(source);
    }
    // Not applicable: an empty box and the reason beside the item, so a reader sees it was not ticked, and why.
    tickBox(
      item.checked,
      item.notApplicable ? `${item.text} — ${L.notApplicable}: ${item.notApplicableReason}` : item.text,
    );
  }

  heading(L.files);
  bullets(permit.files.map((f) => f.name));

  heading(L.signatures);
  const who = (person: TPermit["createdBy"]) => person?.name ?? null;
  const signed = (person: TPermit["createdBy"], at: string | null) =>
    who(person) ? `${who(person)}${at ? ` ${L.at} ${date(at)}` : ""}` : null;
  field(L.createdBy, signed(permit.createdBy, permit.createdAt));
  field(L.sentAt, date(permit.sentAt));
  field(L.verifiedBy, signed(permit.verifiedBy, permit.verifiedAt));
  field(L.approvedBy, approvedByLine(permit, L, signed));
  field(L.acceptedBy, signed(permit.acceptedBy, permit.acceptedAt));
  for (const [label, value] of signatureLines(permit, language, date)) field(label, value);
  for (const [label, value] of shiftLines(permit, language, date)) field(label, value);
  if (permit.remark) field(L.remark, permit.remark);

  heading(L.history);
  for (const event of input.history) {
    ensure(14);
    const actor = event.actor?.name ?? L.system;
    const moved = `${event.fromStatus ? `${statusLabel(language, event.fromStatus)} -> ` : ""}${statusLabel(language, event.toStatus)}`;
    doc.font("Helvetica").fontSize(9).fillColor(INK);
    const worker = event.worker ? `: ${event.worker.name}` : "";
    text(`${date(event.at)} - ${eventLabel(language, event.action)}${worker} (${moved}) - ${actor}`);
    if (event.remark) {
      doc.fillColor(GREY);
      text(`"${event.remark}"`, { indent: 12 });
    }
  }

  // Footer on every page: number, page, when printed (the paper may be older than the permit's status).
  const range = doc.bufferedPageRange();
  const printed = `${L.printedAt} ${date(input.now.toISOString())} (${timeZone})`;
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    const y = doc.page.height - MARGIN + 8;
    // The footer sits in the bottom margin: lift the margin so pdfkit does not start a new page for it.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font("Helvetica").fontSize(8).fillColor(GREY);
    doc.text(printable(`${permit.documentNumber} - ${L.page} ${i + 1}/${range.count} - ${printed}`), MARGIN, y, {
      width,
      lineBreak: false,
    });
    doc.page.margins.bottom = margin;
  }
  doc.end();
  return done;
}
