import { Button, Card, Group, Image, Stack, Text, Title } from "@mantine/core";
import type { TWorkerCard } from "@openpermit/shared";
import { IconPrinter, IconRefresh } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { PageTitle } from "../../../components/page-title";
import { useAuthorisedImage } from "../../../lib/files/use-authorised-image";
import { useReissueWorkerCard } from "../api/worker-card";
import { useWorkerPhoto } from "../api/worker-photo";
import { ClearedAlert } from "./cleared-alert";
import { WorkerCardLines } from "./worker-card-lines";
import "./worker-card-print.css";

/** Only the supplier changes the photo: its upload field (and the image checks behind it) loads for it alone. */
const LogoUploadField = lazy(() =>
  import("../../../components/logo-upload-field").then((m) => ({ default: m.LogoUploadField })),
);

/**
 * A worker's card: who, their company, the QR code a gatekeeper scans (their own side only), and for each
 * enterprise whether they are cleared for site today with each competence and induction. Prints as the card alone.
 */
export function WorkerCardView({ card }: { card: TWorkerCard }) {
  const { t } = useTranslation("complianceView");
  const [confirming, setConfirming] = useState(false);
  const reissue = useReissueWorkerCard(card.worker.id);
  const photo = useAuthorisedImage(["worker-photo", card.photoUrl], card.photoUrl);
  const photoAlt = t("photo.alt", { name: card.worker.name });
  const { upload, remove } = useWorkerPhoto(card.worker.id);
  return (
    <Stack gap="lg">
      <PageTitle
        title={t("card.title", { name: card.worker.name })}
        description={card.worker.company}
        actions={
          <Group gap="xs" data-print="hide">
            <Button variant="light" leftSection={<IconPrinter size={18} aria-hidden />} onClick={() => window.print()}>
              {t("card.print")}
            </Button>
            {card.canReissue ? (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconRefresh size={18} aria-hidden />}
                onClick={() => setConfirming(true)}
              >
                {t("card.reissue")}
              </Button>
            ) : null}
          </Group>
        }
      />
      {card.canReissue ? (
        <div data-print="hide">
          <Suspense fallback={null}>
            <LogoUploadField
              namespace="complianceView"
              textsKey="photo"
              stored={photo}
              storedAlt={photoAlt}
              hasStored={card.photoUrl !== null}
              upload={upload}
              remove={remove}
              testId="worker-photo-input"
            />
          </Suspense>
        </div>
      ) : null}
      {card.qrSvg || photo ? (
        <Group gap="md" align="center" wrap="wrap">
          {photo ? (
            <Image src={photo} alt={photoAlt} w={140} h={180} fit="cover" radius="sm" data-print="photo" />
          ) : null}
          {card.qrSvg ? (
            <Image
              data-print="qr"
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(card.qrSvg)}`}
              alt={t("card.qrAlt", { name: card.worker.name })}
              w={180}
              h={180}
              data-testid="worker-card-qr"
            />
          ) : null}
          {card.qrSvg ? <Text maw={360}>{t("card.qrHelp")}</Text> : null}
        </Group>
      ) : null}
      <Text c="dimmed" fz="sm">
        {t("card.workTypesNote")}
      </Text>
      {card.enterprises.length === 0 ? (
        <Text>{t("card.noEnterprise")}</Text>
      ) : (
        card.enterprises.map((enterprise) => (
          <Card key={enterprise.enterpriseId} withBorder padding="md" data-testid="worker-card-enterprise">
            <Stack gap="sm">
              <Title order={2} fz="h3">
                {enterprise.enterpriseName}
              </Title>
              <ClearedAlert enterprise={enterprise.enterpriseName} cleared={enterprise.cleared} />
              <WorkerCardLines lines={enterprise.lines} caption={enterprise.enterpriseName} />
            </Stack>
          </Card>
        ))
      )}
      <ConfirmDialog
        opened={confirming}
        title={t("card.reissueTitle")}
        confirmLabel={t("card.reissue")}
        danger
        onConfirm={async () => {
          await reissue.mutateAsync();
          setConfirming(false);
        }}
        onClose={() => setConfirming(false)}
      >
        {t("card.reissueText")}
      </ConfirmDialog>
    </Stack>
  );
}
