import { Fieldset, Group, Stack, Switch, Text } from "@mantine/core";
import { TimeInput } from "@mantine/dates";
import type { UseFormReturnType } from "@mantine/form";
import { WEEK_DAYS } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import type { TCompanyFormValues } from "./company-form-values";

/**
 * Monday to Sunday: each day Closed, or an opening and a closing time. Switching a day to Closed keeps what was
 * typed in the form, so switching back brings it back; the server stores no times for a closed day.
 */
export function BusinessHoursEditor({ form }: { form: UseFormReturnType<TCompanyFormValues> }) {
  const { t } = useTranslation("companyPage");
  const { hoursShown, businessHours } = form.getValues();
  return (
    <Fieldset legend={t("form.hours")} data-testid="business-hours-editor">
      <Stack gap="sm">
        <Switch
          label={t("form.hoursShown")}
          description={t("form.hoursShownHelp")}
          {...form.getInputProps("hoursShown", { type: "checkbox" })}
        />
        {hoursShown
          ? WEEK_DAYS.map((day, index) => {
              const dayName = t(`days.${day}`);
              const closed = businessHours[index]?.closed ?? false;
              return (
                <Group key={day} gap="sm" align="flex-start" wrap="wrap" role="group" aria-label={dayName}>
                  <Text fw={600} w={96} pt={4} aria-hidden>
                    {dayName}
                  </Text>
                  <Switch
                    pt={4}
                    w={110}
                    label={t("hours.closed")}
                    aria-label={t("form.closedOn", { day: dayName })}
                    {...form.getInputProps(`businessHours.${index}.closed`, { type: "checkbox" })}
                  />
                  {closed ? null : (
                    <Group gap="sm" align="flex-start" wrap="wrap" style={{ flex: "1 1 14rem" }}>
                      <TimeInput
                        label={t("form.opens")}
                        aria-label={t("form.opensAt", { day: dayName })}
                        w={130}
                        {...form.getInputProps(`businessHours.${index}.open`)}
                      />
                      <TimeInput
                        label={t("form.closes")}
                        aria-label={t("form.closesAt", { day: dayName })}
                        w={130}
                        {...form.getInputProps(`businessHours.${index}.close`)}
                      />
                    </Group>
                  )}
                </Group>
              );
            })
          : null}
      </Stack>
    </Fieldset>
  );
}
