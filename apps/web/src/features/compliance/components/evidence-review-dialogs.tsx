import { Alert, Stack, Text, Textarea } from "@mantine/core";
import type { TEvidence } from "@openpermit/shared";
import { IconAlertTriangle } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { isApiError } from "../../../lib/api/api-error";
import { useReviewEvidence } from "../api/evidence-review";

/** The longest refusal reason the server takes (ZEvidenceReviewInputSchema). */
export const REASON_MAX = 250;

/** The cover a document states is below the requirement's minimum: it cannot be accepted. */
export function coverTooLow(evidence: Pick<TEvidence, "coverAmount" | "requirement">): boolean {
  const minimum = evidence.requirement.minimumCover;
  return minimum !== null && (evidence.coverAmount ?? 0) < minimum;
}

/** What is reviewed, in one phrase: the requirement, and the worker or the company it is of. */
export function useEvidenceName() {
  const { t } = useTranslation("complianceOverview");
  return (evidence: TEvidence) =>
    evidence.worker
      ? t("complianceReview.nameOfWorker", { requirement: evidence.requirement.name, worker: evidence.worker.name })
      : t("complianceReview.nameOfCompany", {
          requirement: evidence.requirement.name,
          contractor: evidence.supplier?.name ?? "",
        });
}

/** Local: the reason was left empty (the field says so; no alert repeats it). */
const REASON_MISSING = new Error("reason missing");

/**
 * A refused review's message: someone else reviewed it meanwhile, or its cover is below the minimum (the list is
 * refreshed either way); null leaves other errors to the dialog's own alert.
 */
function useDescribeReviewError() {
  const { t } = useTranslation(["complianceOverview", "validation"]);
  return (error: unknown): ReactNode | null => {
    // Not null: the field says it, no alert repeats it.
    if (error === REASON_MISSING) return false;
    if (!isApiError(error)) return null;
    let message: string | null = null;
    if (error.code === "CONFLICT") message = t("complianceReview.errors.alreadyReviewed");
    if (error.code === "COVER_TOO_LOW") {
      message = t("complianceReview.errors.coverTooLow", {
        cover: Number(error.details.coverAmount ?? 0).toLocaleString(),
        minimum: Number(error.details.minimumCover ?? 0).toLocaleString(),
      });
    }
    if (!message && Object.keys(error.fields).length > 0) {
      message = Object.values(error.fields)
        .map((code) => t(`validation:${code}`))
        .join(" ");
    }
    if (!message) return null;
    return (
      <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />}>
        {message}
      </Alert>
    );
  };
}

interface TReviewDialogProps {
  /** The evidence reviewed; null: closed. */
  evidence: TEvidence | null;
  onClose: () => void;
}

/** Accepts evidence behind a confirmation naming what counts from now on, and until when. */
export function AcceptEvidenceDialog({ evidence, onClose }: TReviewDialogProps) {
  const { t } = useTranslation("complianceOverview");
  const review = useReviewEvidence();
  const describeError = useDescribeReviewError();
  const name = useEvidenceName();
  const tooLow = evidence ? coverTooLow(evidence) : false;
  return (
    <ConfirmDialog
      opened={evidence !== null}
      title={t("complianceReview.accept.title")}
      confirmLabel={t("complianceReview.accept.confirm")}
      confirmDisabled={tooLow}
      onClose={onClose}
      describeError={describeError}
      onConfirm={() => review.mutateAsync({ id: evidence!.id, input: { decision: "accept" } })}
    >
      {evidence ? (
        <Stack gap="sm">
          <Text>
            {evidence.validUntil
              ? t("complianceReview.accept.text", { name: name(evidence), until: evidence.validUntil })
              : t("complianceReview.accept.textNoEnd", { name: name(evidence) })}
          </Text>
          {tooLow ? (
            <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />}>
              {t("complianceReview.accept.coverTooLow")}
            </Alert>
          ) : null}
        </Stack>
      ) : null}
    </ConfirmDialog>
  );
}

/** Refuses evidence with the reason the contractor will read (required, at most 250 characters). */
export function RefuseEvidenceDialog({ evidence, onClose }: TReviewDialogProps) {
  const { t } = useTranslation(["complianceOverview", "validation"]);
  const review = useReviewEvidence();
  const describeError = useDescribeReviewError();
  const name = useEvidenceName();
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);
  const close = () => {
    setReason("");
    setMissing(false);
    onClose();
  };
  return (
    <ConfirmDialog
      opened={evidence !== null}
      title={t("complianceReview.refuse.title")}
      confirmLabel={t("complianceReview.refuse.confirm")}
      danger
      onClose={close}
      describeError={describeError}
      onConfirm={async () => {
        if (!reason.trim()) {
          setMissing(true);
          throw REASON_MISSING;
        }
        await review.mutateAsync({ id: evidence!.id, input: { decision: "refuse", reason: reason.trim() } });
        setReason("");
      }}
    >
      {evidence ? (
        <Stack gap="sm">
          <Text>{t("complianceReview.refuse.text", { name: name(evidence) })}</Text>
          <Textarea
            label={t("complianceReview.refuse.reason")}
            description={t("complianceReview.refuse.reasonHelp", { count: reason.length, max: REASON_MAX })}
            required
            autosize
            minRows={3}
            maxLength={REASON_MAX}
            value={reason}
            error={missing && !reason.trim() ? t("complianceReview.refuse.reasonRequired") : undefined}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setMissing(false);
            }}
          />
        </Stack>
      ) : null}
    </ConfirmDialog>
  );
}
