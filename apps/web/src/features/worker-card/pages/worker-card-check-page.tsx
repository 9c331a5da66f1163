import { Alert, Button, Group, Image, List, Loader, Stack, Text, Title } from "@mantine/core";
import { IconCircleXFilled, IconIdBadge2, IconRefresh } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { isApiError } from "../../../lib/api/api-error";
import { useErrorMessage } from "../../../lib/api/use-error-message";
import { usePublicWorkerCard } from "../api/worker-card";
import { publicWorkerPhotoUrl } from "../api/worker-photo";
import { ClearedAlert } from "../components/cleared-alert";

/**
 * The page a worker's card's QR code opens (/auth/worker-card/:token), read by a gatekeeper on a phone, signed out:
 * the name and company, and for each enterprise cleared for site today or not, naming what is not met.
 */
export function WorkerCardCheckPage() {
  const { t, i18n } = useTranslation("complianceView");
  const errorMessage = useErrorMessage();
  const token = useParams().token ?? "";
  const query = usePublicWorkerCard(token);

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <Group justify="center" py="xl">
        <Loader aria-label={t("loading")} />
      </Group>
    );
  } else if (query.isError) {
    const unknown = isApiError(query.error) && query.error.status === 404;
    body = (
      <Stack gap="md">
        <Alert color="red" variant="filled" icon={<IconCircleXFilled size={28} />} title={t("check.unknownTitle")}>
          <Text size="lg">{unknown ? t("check.unknownText") : errorMessage(query.error)}</Text>
        </Alert>
        {!unknown && (
          <Button size="lg" leftSection={<IconRefresh />} onClick={() => void query.refetch()}>
            {t("check.again")}
          </Button>
        )}
      </Stack>
    );
  } else {
    const card = query.data;
    const at = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(
      new Date(card.checkedAt),
    );
    body = (
      <Stack gap="lg">
        {card.hasPhoto ? (
          <Image
            src={publicWorkerPhotoUrl(token)}
            alt={t("photo.alt", { name: card.name })}
            w={160}
            h={200}
            fit="cover"
            radius="sm"
            data-testid="worker-card-photo"
          />
        ) : null}
        <Stack gap={2}>
          <Text fz={30} fw={800} data-testid="worker-card-name" style={{ overflowWrap: "anywhere" }}>
            {card.name}
          </Text>
          <Text size="xl" fw={600}>
            {card.company}
          </Text>
        </Stack>
        {card.enterprises.length === 0 ? <Text size="lg">{t("card.noEnterprise")}</Text> : null}
        {card.enterprises.map((e) => (
          <ClearedAlert key={e.enterprise} enterprise={e.enterprise} cleared={e.cleared}>
            {e.unmet.length > 0 ? (
              <List size="lg" c="white">
                {e.unmet.map((u) => (
                  <List.Item key={u.requirement}>
                    {t("check.unmet", { requirement: u.requirement, standing: t(`standing.${u.standing}`) })}
                  </List.Item>
                ))}
              </List>
            ) : (
              <Text size="lg">{t("check.allMet")}</Text>
            )}
          </ClearedAlert>
        ))}
        <Text c="dimmed">{t("card.workTypesNote")}</Text>
        <Text c="dimmed">{t("check.checkedAt", { at })}</Text>
        <Button
          size="lg"
          variant="light"
          leftSection={<IconRefresh />}
          loading={query.isFetching}
          onClick={() => void query.refetch()}
        >
          {t("check.again")}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Group gap="sm" wrap="nowrap">
        <IconIdBadge2 size={32} aria-hidden />
        <Title order={1} fz={28}>
          {t("check.title")}
        </Title>
      </Group>
      {body}
    </Stack>
  );
}
