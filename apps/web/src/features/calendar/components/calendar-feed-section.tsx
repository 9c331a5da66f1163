import { Button, CopyButton, Group, Stack, Text, TextInput } from "@mantine/core";
import { IconCheck, IconCopy } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { ProfileSection } from "../../../components/profile-section";
import { QueryState } from "../../../components/query-state";
import { SectionHeading } from "../../../components/section-heading";
import { notifySuccess } from "../../../lib/notify";
import { useCalendarFeed, useResetCalendarFeed, useTurnOffCalendarFeed } from "../api/calendar-feed";

export const CALENDAR_FEED_ANCHOR = "calendar-feed";

function FeedAddress({ url, createdAt }: { url: string; createdAt: string | null }) {
  const { t, i18n } = useTranslation("calendar");
  return (
    <Stack gap={6}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label={t("feed.urlLabel")}
          value={url}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          style={{ flex: 1, minWidth: 0 }}
          data-testid="calendar-feed-url"
        />
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              onClick={copy}
              leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
            >
              {copied ? t("feed.copied") : t("feed.copy")}
            </Button>
          )}
        </CopyButton>
      </Group>
      {createdAt ? (
        <Text fz="sm" c="dimmed">
          {t("feed.createdAt", {
            date: new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" }).format(new Date(createdAt)),
          })}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The profile's "Calendar feed": the person's private iCal address to subscribe to in a calendar program, made,
 * reset (the old one stops working) or turned off here. Anyone with the address sees the person's permits.
 */
export function CalendarFeedSection() {
  const { t } = useTranslation("calendar");
  const feed = useCalendarFeed();
  const reset = useResetCalendarFeed();
  const turnOff = useTurnOffCalendarFeed();
  const [asking, setAsking] = useState<"reset" | "turnOff" | null>(null);
  const url = feed.data?.url ?? null;

  const create = () =>
    reset.mutate(undefined, {
      onSuccess: () => notifySuccess(t("feed.created")),
    });

  return (
    <ProfileSection anchor={CALENDAR_FEED_ANCHOR} titleId="calendar-feed-title" data-testid="calendar-feed-section">
      <Stack gap="md">
        <Stack gap={4}>
          <SectionHeading id="calendar-feed-title" title={t("feed.title")} help={t("feed.help")} />
        </Stack>
        <QueryState query={feed}>
          {(loaded) =>
            url ? (
              <>
                <FeedAddress url={url} createdAt={loaded.createdAt} />
                <Group gap="xs">
                  <Button variant="default" onClick={() => setAsking("reset")}>
                    {t("feed.reset")}
                  </Button>
                  <Button variant="default" color="red" onClick={() => setAsking("turnOff")}>
                    {t("feed.turnOff")}
                  </Button>
                </Group>
              </>
            ) : (
              <Stack gap="sm" align="flex-start">
                <Text>{t("feed.none")}</Text>
                <ApiErrorAlert error={reset.error} />
                <Button onClick={create} loading={reset.isPending}>
                  {t("feed.create")}
                </Button>
              </Stack>
            )
          }
        </QueryState>
      </Stack>
      <ConfirmDialog
        opened={asking === "reset"}
        title={t("feed.resetTitle")}
        confirmLabel={t("feed.reset")}
        onClose={() => setAsking(null)}
        onConfirm={async () => {
          await reset.mutateAsync();
          notifySuccess(t("feed.resetDone"));
        }}
      >
        {t("feed.resetConfirm")}
      </ConfirmDialog>
      <ConfirmDialog
        opened={asking === "turnOff"}
        title={t("feed.turnOffTitle")}
        confirmLabel={t("feed.turnOff")}
        danger
        onClose={() => setAsking(null)}
        onConfirm={async () => {
          await turnOff.mutateAsync();
          notifySuccess(t("feed.turnedOff"));
        }}
      >
        {t("feed.turnOffConfirm")}
      </ConfirmDialog>
    </ProfileSection>
  );
}
