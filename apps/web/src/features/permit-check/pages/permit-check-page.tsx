import { Alert, Badge, Button, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { IconCircleCheckFilled, IconCircleXFilled, IconQrcode, IconRefresh } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { isApiError } from "../../../lib/api/api-error";
import { useErrorMessage } from "../../../lib/api/use-error-message";
import { usePermitCheck } from "../api/permit-check";
import { CheckCrew } from "../components/check-crew";
import { CheckGasTest } from "../components/check-gas-test";
import { CheckIsolations } from "../components/check-isolations";
import { CheckShift } from "../components/check-shift";
import { CheckSignatures } from "../components/check-signatures";

const deviceTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={700} c="dimmed" tt="uppercase">
        {label}
      </Text>
      <Text size="xl" fw={600} style={{ overflowWrap: "anywhere" }}>
        {children}
      </Text>
    </Stack>
  );
}

/**
 * The page a printed permit's QR code opens (/auth/permit-check/:token), read on a phone on site: the number,
 * the status, whether work may go on now (green or red, with words and an icon), the period in the phone's time
 * zone, the place and the enterprise, and when this was checked.
 */
export function PermitCheckPage() {
  const { t, i18n } = useTranslation(["permitCheck", "permits"]);
  const errorMessage = useErrorMessage();
  const token = useParams().token ?? "";
  const query = usePermitCheck(token);

  const zone = deviceTimeZone();
  const format = (iso: string | null) =>
    iso
      ? new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short", timeZone: zone }).format(
          new Date(iso),
        )
      : t("notSet");

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
        <Alert color="red" variant="filled" icon={<IconCircleXFilled size={28} />} title={t("unknown.title")}>
          <Text size="lg">{unknown ? t("unknown.text") : errorMessage(query.error)}</Text>
        </Alert>
        {!unknown && (
          <Button size="lg" leftSection={<IconRefresh />} onClick={() => void query.refetch()}>
            {t("checkAgain")}
          </Button>
        )}
      </Stack>
    );
  } else {
    const check = query.data;
    const valid = check.validNow;
    body = (
      <Stack gap="lg">
        <Stack gap={4}>
          <Text size="sm" fw={700} c="dimmed" tt="uppercase">
            {t("documentNumber")}
          </Text>
          <Text fz={32} fw={800} ff="monospace" data-testid="permit-check-number" style={{ overflowWrap: "anywhere" }}>
            {check.documentNumber}
          </Text>
          <Group gap="xs">
            <Text fw={700}>{t("status")}</Text>
            <Badge size="xl" radius="sm" variant="outline" color="dark">
              {check.reason === "expired"
                ? t("permits:status.expired")
                : t(`permits:status.${check.status}`, { defaultValue: check.status })}
            </Badge>
          </Group>
          {check.suspendedAt ? (
            <Text fw={700} c="red.9" data-testid="permit-check-suspended">
              {t("suspendedSince", { date: format(check.suspendedAt) })}
            </Text>
          ) : null}
          {check.awaitingHandBack ? (
            <Text fw={700} c="orange.9" data-testid="permit-check-awaiting-hand-back">
              {t("awaitingHandBack")}
            </Text>
          ) : null}
        </Stack>
        <Alert
          color={valid ? "green" : "red"}
          variant="filled"
          radius="md"
          data-testid="permit-check-validity"
          icon={valid ? <IconCircleCheckFilled size={36} /> : <IconCircleXFilled size={36} />}
          title={
            <Text fz={26} fw={800}>
              {valid ? t("valid.title") : t("invalid.title")}
            </Text>
          }
        >
          <Text size="lg" fw={500}>
            {/* The server's reason code (permitCheckReason), worded here: a new reason is one more key. */}
            <span data-reason={check.reason}>{t(`reasons.${check.reason}`)}</span>
          </Text>
        </Alert>
        <Fact label={t("period")}>
          {t("from")} {format(check.startAt)}
          <br />
          {t("to")} {format(check.endAt)}
        </Fact>
        <Text size="sm" c="dimmed" mt={-12}>
          {t("timesIn", { zone })}
        </Text>
        <Fact label={t("place")}>{[check.sector, check.subSector].filter(Boolean).join(" / ") || t("notSet")}</Fact>
        <Fact label={t("enterprise")}>{check.enterprise}</Fact>
        <CheckIsolations check={check} />
        <CheckGasTest check={check} format={format} />
        <CheckShift check={check} format={format} />
        <CheckCrew check={check} />
        <CheckSignatures check={check} format={format} />
        <Text size="md" c="dimmed">
          {t("checkedAt", { at: format(check.checkedAt) })}
        </Text>
        <Button
          size="lg"
          variant="light"
          leftSection={<IconRefresh />}
          loading={query.isFetching}
          onClick={() => void query.refetch()}
        >
          {t("checkAgain")}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Group gap="sm" wrap="nowrap">
        <IconQrcode size={32} aria-hidden />
        <Title order={1} fz={28}>
          {t("title")}
        </Title>
      </Group>
      {body}
    </Stack>
  );
}
