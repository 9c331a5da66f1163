import { Alert, List } from "@mantine/core";
import { IconListCheck } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

/** Which field of the form each reason is about, to name it before the reason (a permits:fields or questions key). */
const FIELD_LABELS: Record<string, string> = {
  sectorId: "fields.sector",
  subSectorId: "fields.subSector",
  workTypeId: "fields.workType",
  jobDescription: "fields.jobDescription",
  startAt: "fields.startAt",
  endAt: "fields.endAt",
  probabilityId: "fields.probability",
  severityId: "fields.severity",
  riskIds: "fields.risks",
  specificRiskIds: "fields.specificRisks",
  epiIds: "fields.epis",
  "answers.qualificationsAndTools": "questions.qualificationsAndTools",
  "answers.jsaComplete": "questions.jsaComplete",
  "answers.newRiskPossible": "questions.newRiskPossible",
  newRiskDescription: "form.newRiskDescription",
  checklist: "form.safety",
};

/**
 * What still stops the permit from being sent, listed before Send is pressed (the send gate of the contract:
 * sendMissing), each reason under the name of its field. Nothing when it may be sent.
 */
export function SendBlockers({ reasons }: { reasons: Record<string, string> }) {
  const { t } = useTranslation(["permits", "validation"]);
  const entries = Object.entries(reasons);
  if (entries.length === 0) return null;
  return (
    <Alert
      // A light tint: a to-do list, not an error (nothing has failed yet); the title in the text colour keeps AA.
      color="orange"
      variant="light"
      icon={<IconListCheck aria-hidden />}
      title={t("permits:form.sendNeeds")}
      styles={{ title: { color: "var(--mantine-color-text)" } }}
      data-testid="send-blockers"
    >
      <List size="sm" spacing={4}>
        {entries.map(([field, reason]) => (
          <List.Item key={field}>
            {FIELD_LABELS[field] ? `${t(`permits:${FIELD_LABELS[field]}`)} — ` : ""}
            {t(`validation:${reason}`, { defaultValue: t("validation:invalidValue") })}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
