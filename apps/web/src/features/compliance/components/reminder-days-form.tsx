import { Button, Group, NumberInput, SimpleGrid, Stack } from "@mantine/core";
import { REMINDER_DAYS, type TReminderDays, ZReminderDaysSchema } from "@openpermit/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { useLeaveGuard } from "../../../components/leave-guard";
import { applyApiError } from "../../../lib/forms/apply-api-error";
import { useSchemaForm } from "../../../lib/forms/use-schema-form";
import { notifySuccess } from "../../../lib/notify";
import { useSetReminderDays } from "../api/requirements";
import { optionalNumber } from "./optional-number";

/** When the holder of an expiring item is reminded: days before its last valid day, the second (optional) closer. */
export function ReminderDaysForm({ days }: { days: TReminderDays }) {
  const { t } = useTranslation("compliance");
  const save = useSetReminderDays();
  const [error, setError] = useState<unknown>(null);
  const form = useSchemaForm<TReminderDays>({ schema: ZReminderDaysSchema, initialValues: days });
  useLeaveGuard(form.isDirty());
  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      const saved = await save.mutateAsync(values);
      form.setValues(saved);
      form.resetDirty(saved);
      notifySuccess(t("reminders.saved"));
    } catch (caught) {
      if (!applyApiError(form, caught)) setError(caught);
    }
  });
  const range = t("reminders.range", REMINDER_DAYS);
  return (
    <form onSubmit={submit} noValidate aria-label={t("reminders.title")} data-testid="reminder-days-form">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <NumberInput
            label={t("reminders.first")}
            description={range}
            withAsterisk
            min={REMINDER_DAYS.min}
            max={REMINDER_DAYS.max}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps("first")}
          />
          <NumberInput
            label={t("reminders.second")}
            description={t("reminders.secondHint")}
            min={REMINDER_DAYS.min}
            max={REMINDER_DAYS.max}
            allowDecimal={false}
            allowNegative={false}
            {...optionalNumber(form, "second")}
          />
        </SimpleGrid>
        <ApiErrorAlert error={error} />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t("reminders.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
