import { Button, Group, NumberInput, SimpleGrid, Stack } from "@mantine/core";
import {
  PERMIT_SETTINGS_RANGES,
  SHIFT_LENGTH_HOURS,
  type TPermitSettings,
  ZPermitSettingsSchema,
} from "@openpermit/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { useLeaveGuard } from "../../../components/leave-guard";
import { ProfileSection } from "../../../components/profile-section";
import { QueryState } from "../../../components/query-state";
import { SectionHeading } from "../../../components/section-heading";
import { applyApiError } from "../../../lib/forms/apply-api-error";
import { useSchemaForm } from "../../../lib/forms/use-schema-form";
import { notifySuccess } from "../../../lib/notify";
import { usePermitSettings, useSavePermitSettings } from "../api/permit-settings";

const FIELDS = Object.keys(PERMIT_SETTINGS_RANGES) as (keyof typeof PERMIT_SETTINGS_RANGES)[];

/** The settings (delays in minutes; the crew's limit a count of permits), each with its allowed range under it. */
function PermitSettingsForm({ settings }: { settings: TPermitSettings }) {
  const { t } = useTranslation("companyPage");
  const save = useSavePermitSettings();
  const [error, setError] = useState<unknown>(null);
  const form = useSchemaForm<TPermitSettings>({ schema: ZPermitSettingsSchema, initialValues: settings });
  useLeaveGuard(form.isDirty());
  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      const saved = await save.mutateAsync(values);
      form.setValues(saved);
      form.resetDirty(saved);
      notifySuccess(t("permitSettings.saved"));
    } catch (caught) {
      if (!applyApiError(form, caught)) setError(caught);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t("permitSettings.title")} data-testid="permit-settings-form">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, md: 2, lg: 4 }} spacing="md">
          {FIELDS.map((field) => (
            <NumberInput
              key={field}
              label={t(`permitSettings.${field}`)}
              description={t(
                field === "permitsPerWorker" ? "permitSettings.countRange" : "permitSettings.range",
                PERMIT_SETTINGS_RANGES[field],
              )}
              inputWrapperOrder={["label", "input", "description", "error"]}
              min={PERMIT_SETTINGS_RANGES[field].min}
              max={PERMIT_SETTINGS_RANGES[field].max}
              allowDecimal={false}
              allowNegative={false}
              suffix={field === "permitsPerWorker" ? undefined : " min"}
              withAsterisk
              {...form.getInputProps(field)}
              data-testid={`permit-settings-${field}`}
            />
          ))}
          <NumberInput
            label={t("permitSettings.shiftLengthHours")}
            description={t("permitSettings.shiftRange", SHIFT_LENGTH_HOURS)}
            inputWrapperOrder={["label", "input", "description", "error"]}
            min={SHIFT_LENGTH_HOURS.min}
            max={SHIFT_LENGTH_HOURS.max}
            allowDecimal={false}
            allowNegative={false}
            suffix=" h"
            {...form.getInputProps("shiftLengthHours")}
            // Empty: shifts are not counted (no handover is ever due).
            value={form.values.shiftLengthHours ?? ""}
            onChange={(value) => form.setFieldValue("shiftLengthHours", value === "" ? null : Number(value))}
            data-testid="permit-settings-shiftLengthHours"
          />
        </SimpleGrid>
        <ApiErrorAlert error={error} />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
            {t("permitSettings.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export const PERMIT_SETTINGS_ANCHOR = "permit-settings";

/**
 * The Enterprise's permit validity settings on its profile, beside its company page: the start grace (how long
 * before a window's start a permit may be sent and started), when overdue work and permits waiting for review are
 * escalated to the SuperResponsibles and the Enterprise, and on how many live permits a worker may be signed on
 * at once (one by default).
 */
export function PermitSettingsSection() {
  const { t } = useTranslation("companyPage");
  const settings = usePermitSettings();
  return (
    <ProfileSection anchor={PERMIT_SETTINGS_ANCHOR} titleId="permit-settings-title">
      <Stack gap={4} mb="md">
        <SectionHeading id="permit-settings-title" title={t("permitSettings.title")} help={t("permitSettings.help")} />
      </Stack>
      <QueryState query={settings}>{(loaded) => <PermitSettingsForm settings={loaded} />}</QueryState>
    </ProfileSection>
  );
}
