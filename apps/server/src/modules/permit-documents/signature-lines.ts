import { SIGNATURE_HASH_PREFIX, type TPermit } from "@openpermit/shared";
import { labelsOf, roleLabel, type TDocumentLanguage } from "./labels";

type TLabels = ReturnType<typeof labelsOf>;
type TDate = (iso: string | null) => string | null;

const KIND_LABEL = {
  verify: "signatureVerify",
  approve: "signatureApprove",
  handBack: "signatureHandBack",
  resume: "signatureResume",
  extend: "signatureExtend",
  handoverOut: "signatureHandoverOut",
  handover: "signatureHandover",
} as const;

/**
 * The signatures and close-out as label → value lines of the printed permit: who (role), when, the start of the
 * signed content's hash, the declaration; voided ones kept and marked.
 */
export function signatureLines(permit: TPermit, language: TDocumentLanguage, date: TDate): [string, string][] {
  const L = labelsOf(language);
  const lines: [string, string][] = [];
  const role = (signer: TPermit["signatures"][number]["signer"]) =>
    signer ? ` (${roleLabel(language, signer.role)})` : "";
  for (const signature of permit.signatures) {
    const hash = `${L.contentHash} ${signature.contentHash.slice(0, SIGNATURE_HASH_PREFIX)}`;
    const voided = signature.voidedAt ? ` - ${L.voided}` : "";
    lines.push([
      L[KIND_LABEL[signature.kind]],
      `${signature.signer?.name ?? L.system}${role(signature.signer)} ${L.at} ${date(signature.signedAt)} - ${hash}${voided}\n"${signature.declaration}"`,
    ]);
  }
  if (permit.signatures.length === 0) lines.push([L.signatures, L.noSignature]);
  const suspension = permit.suspension;
  if (suspension) {
    const how = suspension.emergencyId ? ` (${L.emergencyStop})` : "";
    lines.push([L.suspendedBy, `${suspension.by?.name ?? L.system}${how} ${L.at} ${date(suspension.at)}`]);
    lines.push([L.suspensionReason, suspension.reason]);
  }
  const closeOut = permit.closeOut;
  if (closeOut) {
    const yes = (value: boolean) => (value ? L.yes : L.no);
    lines.push([L.closedOutBy, `${closeOut.by?.name ?? L.system} ${L.at} ${date(closeOut.at)}`]);
    lines.push([
      L.workComplete,
      closeOut.workComplete ? L.yes : `${L.no} - ${L.remainingWork}: ${closeOut.remainingWork}`,
    ]);
    lines.push([
      L.closeOut,
      `${L.areaSafe}: ${yes(closeOut.areaSafe)}; ${L.toolsRemoved}: ${yes(closeOut.toolsRemoved)}; ${L.peopleOut}: ${yes(closeOut.peopleOut)}`,
    ]);
  }
  return lines;
}

/** "Approved by" of a single-step level: its verification approved it (as the web's permit detail says). */
export function approvedByLine(
  permit: TPermit,
  L: TLabels,
  signed: (p: TPermit["createdBy"], at: string | null) => string | null,
) {
  if (permit.criticality?.flow === "verify" && !permit.approvedAt && permit.verifiedAt) {
    return `${L.approvedAtVerification} ${signed(permit.verifiedBy, permit.verifiedAt)}`;
  }
  return signed(permit.approvedBy, permit.approvedAt);
}
