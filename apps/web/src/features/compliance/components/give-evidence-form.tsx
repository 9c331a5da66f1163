import { Alert, FileInput, NumberInput, Select, SimpleGrid, Stack, TextInput } from "@mantine/core";
import {
  EVIDENCE_FILE_MAX_BYTES,
  EVIDENCE_FILE_TYPES,
  type TAskedRequirement,
  ZEvidenceFieldsSchema,
} from "@openpermit/shared";
import { IconFileUpload } from "@tabler/icons-react";
import type React from "react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { FormFooter } from "../../../components/form-footer";
import { useLeaveGuard } from "../../../components/leave-guard";
import { SectionLoader } from "../../../components/section-loader";
import { applyApiError } from "../../../lib/forms/apply-api-error";
import { useSchemaForm } from "../../../lib/forms/use-schema-form";
import { notifySuccess } from "../../../lib/notify";
import { useActiveWorkers, useAskedRequirements, useGiveEvidence } from "../api/evidence";
import { optionalNumber } from "./optional-number";

type TEvidenceValues = {
  enterpriseId: string | null;
  requirementId: string | null;
  workerId: string | null;
  issuer: string;
  reference: string;
  coverAmount: number | null;
  validFrom: string;
  validUntil: string;
  file: File | null;
};

/** Today in the browser's calendar, as the date input writes it. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const ERR = (key: string) => `compliance:supplierCompliance.form.errors.${key}`;
const MAX_MB = EVIDENCE_FILE_MAX_BYTES / 1024 / 1024;
const FILE_CODES = { UNSUPPORTED_MEDIA_TYPE: "file", PAYLOAD_TOO_LARGE: "file" } as const;

/** Checks a chosen file before it travels (the server checks it again, by its content). */
export function evidenceFileError(file: File | null): string | null {
  if (!file) return ERR("fileRequired");
  if (!(EVIDENCE_FILE_TYPES as readonly string[]).includes(file.type)) return ERR("fileType");
  if (file.size > EVIDENCE_FILE_MAX_BYTES) return ERR("fileTooLarge");
  return null;
}

/**
 * The form's rules: the shared evidence fields, plus what depends on the chosen requirement (read through
 * `requirementOf`, which always answers for the form's current values): a worker for a competence, a cover amount
 * when a minimum cover is asked, and the file. Each rule runs even while another field is wrong, so every error
 * shows at once.
 */
function evidenceFormSchema(requirementOf: (id: string | null) => TAskedRequirement | undefined) {
  const fields = ZEvidenceFieldsSchema.shape;
  const always = { when: () => true };
  return z
    .object({
      // The requirement names its enterprise: one chosen is what the form needs.
      enterpriseId: z.string().nullable(),
      requirementId: z.string({ error: ERR("requirementRequired") }),
      workerId: z.string().nullable(),
      issuer: fields.issuer,
      reference: fields.reference,
      coverAmount: z.number().nullable(),
      validFrom: fields.validFrom,
      validUntil: z.string(),
      file: z.any(),
    })
    .refine((v) => requirementOf(v.requirementId)?.kind !== "competence" || Boolean(v.workerId), {
      ...always,
      path: ["workerId"],
      message: ERR("workerRequired"),
    })
    .refine((v) => (requirementOf(v.requirementId)?.minimumCover ?? null) === null || v.coverAmount !== null, {
      ...always,
      path: ["coverAmount"],
      message: ERR("coverRequired"),
    })
    .refine((v) => evidenceFileError(v.file ?? null) === null, {
      ...always,
      path: ["file"],
      error: (issue) => evidenceFileError((issue.input as TEvidenceValues | undefined)?.file ?? null) ?? undefined,
    });
}

/**
 * Gives evidence of what an enterprise asks: the enterprise, then one of its requirements, the worker for a
 * competence, the issuer and reference, the cover amount when a minimum is asked, the days, then the file. A refusal
 * of a field lands on it; nothing typed is lost.
 */
export function GiveEvidenceForm({ onDone }: { onDone: () => void }) {
  const { t, i18n } = useTranslation("compliance");
  const asked = useAskedRequirements();
  const give = useGiveEvidence();
  const [error, setError] = useState<unknown>(null);
  const requirements = useRef<TAskedRequirement[]>([]);
  requirements.current = asked.data ?? [];
  const requirementOf = (id: string | null) => requirements.current.find((r) => r.id === id);
  const [schema] = useState(() => evidenceFormSchema(requirementOf));
  const form = useSchemaForm<TEvidenceValues>({
    schema,
    initialValues: {
      enterpriseId: null,
      requirementId: null,
      workerId: null,
      issuer: "",
      reference: "",
      coverAmount: null,
      validFrom: localToday(),
      validUntil: "",
      file: null,
    },
  });
  useLeaveGuard(form.isDirty());

  const all = asked.data ?? [];
  const enterprises = [...new Map(all.map((r) => [r.enterprise.id, r.enterprise])).values()];
  // One enterprise: it is the one.
  const enterpriseId = form.values.enterpriseId ?? (enterprises.length === 1 ? enterprises[0]!.id : null);
  const requirement = requirementOf(form.values.requirementId);
  const isCompetence = requirement?.kind === "competence";
  const workers = useActiveWorkers(isCompetence);
  const number = new Intl.NumberFormat(i18n.language);

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      const saved = await give.mutateAsync({
        requirementId: values.requirementId!,
        workerId: isCompetence ? values.workerId : null,
        issuer: values.issuer,
        reference: values.reference,
        coverAmount: requirement?.minimumCover != null ? values.coverAmount : null,
        validFrom: values.validFrom,
        validUntil: values.validUntil || null,
        file: values.file!,
      });
      notifySuccess(t("supplierCompliance.form.sent", { requirement: saved.requirement.name }));
      form.resetDirty();
      onDone();
    } catch (caught) {
      // A file the server turns down by its content or size is the file field's error.
      if (!applyApiError(form, caught, FILE_CODES)) setError(caught);
    }
  });

  if (asked.isPending) return <SectionLoader />;
  if (asked.error) return <ApiErrorAlert error={asked.error} />;
  if (all.length === 0) {
    return (
      <Alert color="blue" variant="light" data-testid="no-requirement">
        {t("supplierCompliance.form.noRequirement")}
      </Alert>
    );
  }

  const ofEnterprise = all.filter((r) => r.enterprise.id === enterpriseId);
  const requirementHelp = requirement
    ? requirement.validityDays
      ? t("supplierCompliance.form.requirementHelp", {
          kind: t(`kinds.${requirement.kind}`),
          count: requirement.validityDays,
        })
      : t("supplierCompliance.form.requirementHelpNoExpiry", { kind: t(`kinds.${requirement.kind}`) })
    : undefined;
  const fileProps = form.getInputProps("file");

  return (
    <form onSubmit={submit} noValidate data-testid="give-evidence-form">
      <Stack gap="md">
        <ApiErrorAlert error={error} />
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Select
            label={t("supplierCompliance.form.enterprise")}
            withAsterisk
            allowDeselect={false}
            searchable
            data={enterprises.map((e) => ({ value: e.id, label: e.name }))}
            {...form.getInputProps("enterpriseId")}
            value={enterpriseId}
            onChange={(value) => {
              form.setFieldValue("enterpriseId", value);
              form.setFieldValue("requirementId", null);
              form.setFieldValue("workerId", null);
            }}
          />
          <Select
            label={t("supplierCompliance.form.requirement")}
            withAsterisk
            allowDeselect={false}
            disabled={!enterpriseId}
            description={requirementHelp}
            data={(["document", "competence"] as const)
              .map((kind) => ({
                group: t(`kinds.${kind}`),
                items: ofEnterprise.filter((r) => r.kind === kind).map((r) => ({ value: r.id, label: r.name })),
              }))
              .filter((group) => group.items.length > 0)}
            {...form.getInputProps("requirementId")}
            onChange={(value) => {
              form.setFieldValue("requirementId", value);
              form.setFieldValue("workerId", null);
              form.clearFieldError("requirementId");
            }}
          />
        </SimpleGrid>
        {requirement?.description ? (
          <Alert color="gray" variant="light" p="xs">
            {requirement.description}
          </Alert>
        ) : null}
        {isCompetence ? (
          workers.data && workers.data.length === 0 ? (
            <Alert color="yellow" variant="light">
              {t("supplierCompliance.form.noWorker")}
            </Alert>
          ) : (
            <Select
              label={t("supplierCompliance.form.worker")}
              description={t("supplierCompliance.form.workerHelp")}
              withAsterisk
              searchable
              allowDeselect={false}
              data={(workers.data ?? []).map((w) => ({ value: w.id, label: w.name }))}
              {...form.getInputProps("workerId")}
            />
          )
        ) : null}
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <TextInput
            label={t("supplierCompliance.form.issuer")}
            description={t("supplierCompliance.form.issuerHelp")}
            withAsterisk
            maxLength={150}
            {...form.getInputProps("issuer")}
          />
          <TextInput
            label={t("supplierCompliance.form.reference")}
            maxLength={50}
            {...form.getInputProps("reference")}
          />
        </SimpleGrid>
        {requirement?.minimumCover != null ? (
          <NumberInput
            label={t("supplierCompliance.form.coverAmount")}
            description={t("supplierCompliance.form.coverHelp", { minimum: number.format(requirement.minimumCover) })}
            withAsterisk
            min={0}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=" "
            {...optionalNumber(form, "coverAmount")}
          />
        ) : null}
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <TextInput
            type="date"
            label={t("supplierCompliance.form.validFrom")}
            withAsterisk
            {...form.getInputProps("validFrom")}
          />
          <TextInput
            type="date"
            label={t("supplierCompliance.form.validUntil")}
            description={
              // Until a requirement is chosen its validity is unknown: say nothing rather than "0 days".
              !requirement
                ? undefined
                : !requirement.validityDays
                  ? t("supplierCompliance.form.validUntilNoExpiry")
                  : t("supplierCompliance.form.validUntilHelp", { count: requirement.validityDays })
            }
            min={form.values.validFrom || undefined}
            {...form.getInputProps("validUntil")}
          />
        </SimpleGrid>
        <FileInput
          label={t("supplierCompliance.form.file")}
          description={t("supplierCompliance.form.fileHelp", { max: MAX_MB })}
          withAsterisk
          placeholder={t("supplierCompliance.form.choose")}
          accept={EVIDENCE_FILE_TYPES.join(",")}
          clearable
          clearButtonProps={{ "aria-label": t("supplierCompliance.form.clear") }}
          leftSection={<IconFileUpload size={16} aria-hidden />}
          fileInputProps={{ "data-testid": "evidence-file" } as React.ComponentProps<"input">}
          {...fileProps}
          onChange={(file) => {
            form.setFieldValue("file", file);
            const found = file ? evidenceFileError(file) : null;
            if (found) form.setFieldError("file", found);
            else form.clearFieldError("file");
          }}
        />
        <FormFooter onCancel={onDone} submitLabel={t("supplierCompliance.form.submit")} submitting={give.isPending} />
      </Stack>
    </form>
  );
}
