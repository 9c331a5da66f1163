import type { TNotification } from "@openpermit/shared";
import type { TFunction } from "i18next";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? "" : `${value}`);

/** The variant of a kind's sentence its parameters call for (i18next context: `<kind>_<context>`). */
function contextOf(notification: Pick<TNotification, "kind" | "params">): string | undefined {
  const { kind, params } = notification;
  if (kind === "permit.verified" && params.status === "Approved") return "approved";
  const withReason: TNotification["kind"][] = [
    "permit.recheck",
    "permit.rejected",
    "permit.rerated",
    "permit.suspended",
    "permit.emergencyStopped",
    "permit.emergencyLifted",
    "permit.extensionAsked",
    "permit.extensionRefused",
    // The point's tag.
    "permit.isolationApplied",
    "permit.isolationProven",
  ];
  if (withReason.includes(kind) && params.remark) {
    return "remark";
  }
  // The scheduler starts an accepted permit at its start time: nobody acted.
  if (kind === "permit.started" && !params.actorName) return "auto";
  // Compliance evidence: a worker's certificate names the worker; a review says its decision.
  if (kind === "compliance.evidenceGiven") return params.workerName ? "worker" : undefined;
  if (kind === "compliance.evidenceReviewed" && (params.decision === "accepted" || params.decision === "refused")) {
    return `${params.decision}${params.workerName ? "Worker" : ""}`;
  }
  return undefined;
}

/** A notification's sentence in the reader's language, from its kind and parameters. */
export function notificationText(t: TFunction, notification: Pick<TNotification, "kind" | "params">): string {
  const { params } = notification;
  const permit = params.documentNumber
    ? t("permitName", { number: text(params.documentNumber), title: text(params.taskTitle) })
    : t("permitNameUnnumbered", { title: text(params.taskTitle) });
  return t(notification.kind, {
    context: contextOf(notification),
    permit,
    actor: text(params.actorName),
    remark: text(params.remark),
    enterprise: text(params.enterpriseName),
    // Credits: the sentence agrees with the quantity asked for, or with what remains.
    ...(notification.kind.startsWith("credits.") ? { count: Number(params.quantity ?? params.remaining ?? 0) } : {}),
    // An expiring compliance item: what, whose, its last valid day, the days left.
    ...(notification.kind === "compliance.expiring"
      ? {
          item: text(params.requirementName),
          holder: text(params.holderName),
          until: text(params.validUntil),
          count: Number(params.daysLeft ?? 0),
        }
      : {}),
    // Compliance evidence given or reviewed: what, whose, and (reviewed) by which enterprise.
    ...(notification.kind === "compliance.evidenceGiven" || notification.kind === "compliance.evidenceReviewed"
      ? {
          item: text(params.requirementName),
          supplier: text(params.supplierName),
          worker: text(params.workerName),
        }
      : {}),
  });
}

export function useNotificationText(): (notification: Pick<TNotification, "kind" | "params">) => string {
  const { t } = useTranslation("notifications");
  return useCallback((notification) => notificationText(t, notification), [t]);
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

/** "5 minutes ago", "yesterday", "now": the largest unit that fits, in the UI language. */
export function formatRelative(iso: string, now: Date, language: string): string {
  const seconds = Math.round((new Date(iso).getTime() - now.getTime()) / 1000);
  const format = new Intl.RelativeTimeFormat(language, { numeric: "auto" });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(0, "second");
}
