import { Button, FileInput, Group, Image, Paper, Stack, Text } from "@mantine/core";
import { LOGO_MAX_BYTES, LOGO_TYPES } from "@openpermit/shared";
import { IconPhoto, IconTrash, IconUpload } from "@tabler/icons-react";
import type React from "react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { logoFileProblem, logoUploadProblem, type TLogoProblem } from "../lib/files/logo-file-check";
import { useObjectUrl } from "../lib/files/use-object-url";
import { notifySuccess } from "../lib/notify";
import { ApiErrorAlert } from "./api-error-alert";
import { ConfirmDialog } from "./confirm-dialog";

const MAX_MB = LOGO_MAX_BYTES / 1024 / 1024;

interface TLogoUploadFieldProps {
  /** The namespace holding the texts, under `logo.` unless `textsKey` names another key (a worker's `photo.`). */
  namespace: string;
  textsKey?: string;
  /** The stored logo as an object URL (null while loading or when there is none), and its description. */
  stored: string | null;
  storedAlt: string;
  hasStored: boolean;
  upload: { mutateAsync: (file: File) => Promise<unknown>; isPending: boolean };
  remove: { mutateAsync: () => Promise<unknown> };
  testId: string;
}

/**
 * A company's logo (a contractor's or an enterprise's): choose a file (checked here, then by content on the server),
 * see it, upload it; or remove the stored one after a confirmation. A chosen file is only sent on "Upload logo", so
 * a wrong pick costs nothing.
 */
export function LogoUploadField({
  namespace,
  textsKey = "logo",
  stored,
  storedAlt,
  hasStored,
  upload,
  remove,
  testId,
}: TLogoUploadFieldProps) {
  const { t } = useTranslation(namespace);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<TLogoProblem | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [confirming, setConfirming] = useState(false);
  const chosen = useObjectUrl(file && !problem ? file : null);
  const preview = chosen ?? stored;

  const choose = (next: File | null) => {
    setFile(next);
    setError(null);
    setProblem(logoFileProblem(next));
  };

  const send = async () => {
    if (!file || logoFileProblem(file)) return;
    setError(null);
    try {
      await upload.mutateAsync(file);
      setFile(null);
      notifySuccess(t(`${textsKey}.uploaded`));
    } catch (caught) {
      const refused = logoUploadProblem(caught);
      if (refused) setProblem(refused);
      else setError(caught);
    }
  };

  return (
    <Stack gap="sm">
      <Group align="flex-start" gap="md" wrap="wrap">
        <Paper withBorder p={4} w={96} h={96} style={{ display: "grid", placeItems: "center", flex: "none" }}>
          {preview ? (
            <Image src={preview} alt={chosen ? t(`${textsKey}.chosenAlt`) : storedAlt} w={86} h={86} fit="contain" />
          ) : (
            <Text fz="xs" c="dimmed" ta="center">
              {t(`${textsKey}.none`)}
            </Text>
          )}
        </Paper>
        <Stack gap="xs" style={{ flex: "1 1 14rem", minWidth: 0 }}>
          <FileInput
            label={t(`${textsKey}.label`)}
            description={t(`${textsKey}.help`, { max: MAX_MB })}
            inputWrapperOrder={["label", "input", "description", "error"]}
            placeholder={t(`${textsKey}.choose`)}
            styles={{ placeholder: { color: "var(--mantine-color-dimmed)" } }}
            accept={LOGO_TYPES.join(",")}
            fileInputProps={{ "data-testid": testId } as React.ComponentProps<"input">}
            clearable
            clearButtonProps={{ "aria-label": t(`${textsKey}.clear`) }}
            leftSection={<IconPhoto size={16} aria-hidden />}
            value={file}
            onChange={choose}
            error={problem ? t(`${textsKey}.${problem}`, { max: MAX_MB }) : undefined}
          />
          <Group gap="xs">
            <Button
              leftSection={<IconUpload size={16} aria-hidden />}
              disabled={!file || problem !== null}
              loading={upload.isPending}
              onClick={() => void send()}
            >
              {t(`${textsKey}.upload`)}
            </Button>
            {hasStored && !file ? (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => setConfirming(true)}
              >
                {t(`${textsKey}.remove`)}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Group>
      <ApiErrorAlert error={error} />
      <ConfirmDialog
        opened={confirming}
        title={t(`${textsKey}.removeTitle`)}
        confirmLabel={t(`${textsKey}.remove`)}
        danger
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          await remove.mutateAsync();
          notifySuccess(t(`${textsKey}.removed`));
        }}
      >
        {t(`${textsKey}.removeText`)}
      </ConfirmDialog>
    </Stack>
  );
}
