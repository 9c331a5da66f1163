import { Fieldset, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import { DatesProvider } from "@mantine/dates";
import { PERMIT_LIMITS } from "@openpermit/shared";
import "dayjs/locale/fr";
import { useTranslation } from "react-i18next";
import { DateTimeField } from "../../../components/date-time-field";
import type { TPermitForm } from "./use-permit-form";

/** The work itself: title, descriptions, subcontractor, and when (local time, the user's time zone). */
export function DetailsSection({ form }: { form: TPermitForm }) {
  const { t, i18n } = useTranslation("permits");
  const { startAt } = form.getValues();
  const dateProps = (path: "startAt" | "endAt") => ({
    ...form.getInputProps(path),
    placeholder: t("form.pickDateTime"),
    withAsterisk: true,
    clearButtonProps: { "aria-label": t("form.clearDate") },
  });
  return (
    <Fieldset legend={t("form.work")}>
      <Stack gap="sm">
        <TextInput
          {...form.getInputProps("taskTitle")}
          label={t("fields.taskTitle")}
          withAsterisk
          maxLength={PERMIT_LIMITS.taskTitleMax}
          data-testid="permit-task-title"
        />
        <Textarea
          {...form.getInputProps("jobDescription")}
          label={t("fields.jobDescription")}
          withAsterisk
          autosize
          minRows={3}
          maxLength={PERMIT_LIMITS.textMax}
          data-testid="permit-job-description"
        />
        <Textarea
          {...form.getInputProps("generalInformation")}
          label={t("fields.generalInformation")}
          autosize
          minRows={2}
          maxLength={PERMIT_LIMITS.textMax}
        />
        <Textarea
          {...form.getInputProps("additionalInformation")}
          label={t("fields.additionalInformation")}
          autosize
          minRows={2}
          maxLength={PERMIT_LIMITS.textMax}
        />
        <DatesProvider settings={{ locale: i18n.language }}>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
            <DateTimeField {...dateProps("startAt")} label={t("fields.startAt")} data-testid="permit-start" />
            <DateTimeField
              {...dateProps("endAt")}
              label={t("fields.endAt")}
              minDate={startAt ?? undefined}
              data-testid="permit-end"
            />
          </SimpleGrid>
        </DatesProvider>
        <TextInput
          {...form.getInputProps("subcontractor")}
          label={t("fields.subcontractor")}
          maxLength={PERMIT_LIMITS.subcontractorMax}
        />
      </Stack>
    </Fieldset>
  );
}
