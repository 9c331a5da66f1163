import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { PERMIT_QUESTIONS, type TPermit } from "@openpermit/shared";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FileRow } from "../../../components/file-row";
import { useErrorMessage } from "../../../lib/api/use-error-message";
import { useEpiName } from "../../../lib/i18n/use-epi-name";
import { useFormatDateTime } from "../../../lib/i18n/use-format-date";
import { downloadPermitFile } from "../api/permits";
import { ChecklistAnswers } from "./checklist-answers";
import { CriticalityBadge } from "./criticality-badge";
import { placeOf } from "./use-format";

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text fz="sm" c="dimmed">
        {label}
      </Text>
      <div style={{ overflowWrap: "anywhere" }}>{children || "—"}</div>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p={{ base: "sm", md: "md" }}>
      <Title order={2} fz="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

const names = (items: { id: string; name: string }[]) =>
  items.length === 0 ? null : (
    <Group gap={6} mt={2}>
      {items.map((item) => (
        <Badge key={item.id} variant="light" color="gray" styles={{ label: { textTransform: "none" } }}>
          {item.name}
        </Badge>
      ))}
    </Group>
  );

/**
 * The approval line of a permit whose criticality level needs the verification alone: its verifier approved it, at
 * the verification (shown as such rather than an empty "Approved by"); before that, why no one else will.
 */
function ApprovedAtVerification({ permit }: { permit: TPermit }) {
  const { t } = useTranslation("permits");
  const format = useFormatDateTime();
  if (!permit.verifiedAt) {
    return (
      <Text fz="sm" c="dimmed" data-testid="permit-approval-note">
        {t("page.verifyOnlyPending")}
      </Text>
    );
  }
  return (
    <>
      <Text data-testid="permit-approved-at-verification">
        {t("page.approvedAtVerification", {
          name: permit.verifiedBy?.name ?? t("page.unknownPerson"),
          date: format(permit.verifiedAt),
        })}
      </Text>
      <Text fz="sm" c="dimmed" data-testid="permit-approval-note">
        {t("page.verifyOnlyNote")}
      </Text>
    </>
  );
}

/** Every field of a permit, as read. */
export function PermitDetails({ permit }: { permit: TPermit }) {
  const { t } = useTranslation("permits");
  const { localised } = useEpiName();
  const format = useFormatDateTime();
  const _describe = useErrorMessage();
  const when = (iso: string | null) => (iso ? format(iso) : null);
  const by = (actor: TPermit["createdBy"], at: string | null) =>
    at ? `${actor?.name ?? t("page.unknownPerson")} · ${format(at)}` : null;
  const deleted = permit.sector?.deleted || permit.subSector?.deleted;
  const answer = (value: boolean | null) => t(value === null ? "answers.none" : value ? "answers.yes" : "answers.no");
  // A single-step level (`verify`): the verification approves the permit and nobody signs an approval.
  const approvedByVerification = permit.criticality?.flow === "verify" && !permit.approvedAt;

  return (
    <Stack gap="md" data-testid="permit-details">
      <Section title={t("page.details")}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          <Field label={t("fields.principal")}>{permit.enterprise.name}</Field>
          <Field label={t("fields.contractor")}>
            {permit.contractor?.name ?? (permit.internal ? t("internal") : null)}
          </Field>
          <Field label={t("fields.place")}>
            {placeOf(permit)}
            {deleted ? (
              <Badge color="red" variant="light" ml={6}>
                {t("page.sectorDeleted")}
              </Badge>
            ) : null}
          </Field>
          <Field label={t("fields.workType")}>{permit.workType?.name}</Field>
          <Field label={t("fields.startAt")}>{when(permit.startAt)}</Field>
          <Field label={t("fields.endAt")}>{when(permit.endAt)}</Field>
          <Field label={t("fields.subcontractor")}>{permit.subcontractor}</Field>
          <Field label={t("fields.criticality")}>
            {permit.criticality ? <CriticalityBadge criticality={permit.criticality} /> : null}
            {permit.probability && permit.severity ? (
              <Text fz="sm" c="dimmed">
                {t("fields.probability")}: {permit.probability.label} · {t("fields.severity")}: {permit.severity.label}
              </Text>
            ) : null}
          </Field>
        </SimpleGrid>
        <Stack gap="sm" mt="sm">
          <Field label={t("fields.jobDescription")}>
            {permit.jobDescription ? <Text style={{ whiteSpace: "pre-wrap" }}>{permit.jobDescription}</Text> : null}
          </Field>
          <Field label={t("fields.generalInformation")}>
            {permit.generalInformation ? (
              <Text style={{ whiteSpace: "pre-wrap" }}>{permit.generalInformation}</Text>
            ) : null}
          </Field>
          <Field label={t("fields.additionalInformation")}>
            {permit.additionalInformation ? (
              <Text style={{ whiteSpace: "pre-wrap" }}>{permit.additionalInformation}</Text>
            ) : null}
          </Field>
          {permit.remark ? <Field label={t("fields.remark")}>{permit.remark}</Field> : null}
        </Stack>
      </Section>
      <Section title={t("form.risks")}>
        <Stack gap="sm">
          <Field label={t("fields.risks")}>{names(permit.risks)}</Field>
          <Field label={t("fields.specificRisks")}>{names(permit.specificRisks)}</Field>
          <Field label={t("fields.epis")}>{names(localised(permit.epis))}</Field>
        </Stack>
      </Section>
      <Section title={t("form.safety")}>
        <Stack gap="sm">
          {PERMIT_QUESTIONS.map((question) => (
            <Field key={question} label={t(`questions.${question}`)}>
              {answer(permit.answers[question])}
            </Field>
          ))}
          {permit.newRiskDescription ? (
            <Field label={t("fields.newRiskDescription")}>{permit.newRiskDescription}</Field>
          ) : null}
          {permit.checklist.length > 0 ? <ChecklistAnswers checklist={permit.checklist} /> : null}
        </Stack>
      </Section>
      <Section title={t("fields.files")}>
        {permit.files.length === 0 ? (
          <Text c="dimmed" fz="sm">
            {t("files.none")}
          </Text>
        ) : (
          permit.files.map((file) => (
            <FileRow
              key={file.id}
              name={file.name}
              downloadLabel={t("files.download", { name: file.name })}
              download={() => downloadPermitFile(file)}
              testId="permit-file"
            />
          ))
        )}
      </Section>
      <Section title={t("page.people")}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          <Field label={t("fields.createdBy")}>{by(permit.createdBy, permit.createdAt)}</Field>
          <Field label={t("fields.sentAt")}>{when(permit.sentAt)}</Field>
          <Field label={t("fields.verifiedBy")}>{by(permit.verifiedBy, permit.verifiedAt)}</Field>
          <Field label={t("fields.approvedBy")}>
            {approvedByVerification ? (
              <ApprovedAtVerification permit={permit} />
            ) : (
              by(permit.approvedBy, permit.approvedAt)
            )}
          </Field>
          <Field label={t("fields.acceptedBy")}>
            <span data-testid="permit-accepted-by">{by(permit.acceptedBy, permit.acceptedAt)}</span>
          </Field>
        </SimpleGrid>
      </Section>
    </Stack>
  );
}
