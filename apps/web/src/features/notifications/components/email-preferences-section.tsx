import { Button, Group, Paper, Stack, Switch, Text, Title } from "@mantine/core";
import type { TNotificationKind, TNotificationPreferences } from "@openpermit/shared";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { QueryState } from "../../../components/query-state";
import { notifySuccess } from "../../../lib/notify";
import { useNotificationPreferences, useUpdateNotificationPreferences } from "../api/notification-preferences";

type TEmailChoices = Partial<Record<TNotificationKind, boolean>>;

const choicesOf = (preferences: TNotificationPreferences): TEmailChoices =>
  Object.fromEntries(preferences.kinds.map(({ kind, email }) => [kind, email]));

/** The profile's "E-mail notifications": a switch per kind the person may receive; in the app they always come. */
export function EmailPreferencesSection() {
  const { t } = useTranslation("notifications");
  const preferences = useNotificationPreferences();
  return (
    <Paper withBorder p={{ base: "md", md: "lg" }} component="section" aria-labelledby="profile-email-notifications">
      <Title order={2} fz="h3" id="profile-email-notifications" mb={4}>
        {t("preferences.title")}
      </Title>
      <Text c="dimmed" fz="sm" mb="md">
        {t("preferences.description")}
      </Text>
      <QueryState query={preferences}>
        {(loaded) =>
          loaded.kinds.length === 0 ? (
            <Text fz="sm">{t("preferences.none")}</Text> // Remounted with each saved answer, so the switches start from what the server holds.
          ) : (
            <PreferencesForm key={JSON.stringify(loaded)} preferences={loaded} />
          )
        }
      </QueryState>
    </Paper>
  );
}

function PreferencesForm({ preferences }: { preferences: TNotificationPreferences }) {
  const { t } = useTranslation("notifications");
  const saved = choicesOf(preferences);
  const [choices, setChoices] = useState<TEmailChoices>(saved);
  const update = useUpdateNotificationPreferences();
  const changed = Object.fromEntries(
    Object.entries(choices).filter(([kind, email]) => saved[kind as TNotificationKind] !== email),
  ) as TEmailChoices;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ email: changed }, { onSuccess: () => notifySuccess(t("preferences.saved")) });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {preferences.kinds.map(({ kind }) => (
          <Switch
            key={kind}
            label={t(`preferences.${kind}.label`)}
            description={t(`preferences.${kind}.help`)}
            checked={choices[kind] ?? true}
            onChange={(event) => {
              const email = event.currentTarget.checked;
              setChoices((current) => ({ ...current, [kind]: email }));
            }}
          />
        ))}
        <ApiErrorAlert error={update.error} />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending} disabled={Object.keys(changed).length === 0}>
            {t("preferences.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
