import { Button, FileInput, Group, Image, Paper, Stack, Text } from "@mantine/core";
import { LOGO_MAX_BYTES, LOGO_TYPES, type TCompanyPage } from "@openpermit/shared";
import { IconPhoto, IconTrash, IconUpload } from "@tabler/icons-react";
import type React from "react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { isApiError } from "../../../lib/api/api-error";
import { useObjectUrl } from "../../../lib/files/use-object-url";
import { notifySuccess } from "../../../lib/notify";
import { useCompanyLogoImage, useRemoveCompanyLogo, useUploadCompanyLogo } from "../api/company-page";

const MAX_MB = LOGO_MAX_BYTES / 1024 / 1024;
type TLogoProblem = "wrongType" | "tooLarge";

/** Checked before the file travels; the server reads its content again. */
function fileProblem(file: File | null): TLogoProblem | null {
  if (!file) return null;
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return "wrongType";
  return file.size > LOGO_MAX_BYTES ? "tooLarge" : null;
}

function refusal(error: unknown): TLogoProblem | null {
  if (!isApiError(error)) return null;
  if (error.status === 415) return "wrongType";
  return error.status === 413 ? "tooLarge" : null;
}

/** The page's logo: choose, see, upload; or remove the stored one after a confirmation. */
export function CompanyLogoField({ page }: { page: TCompanyPage }) {
  const { t } = useTranslation("companyPage");
  const upload = useUploadCompanyLogo();
  const remove = useRemoveCompanyLogo();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<TLogoProblem | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [confirming, setConfirming] = useState(false);
  const chosen = useObjectUrl(file && !problem ? file : null);
  const stored = useCompanyLogoImage(page.logo?.url);
  const preview = chosen ?? stored;

  const choose = (next: File | null) => {
    setFile(next);
    setError(null);
    setProblem(fileProblem(next));
  };

  const send = async () => {
    if (!file || fileProblem(file)) return;
    setError(null);
    try {
      await upload.mutateAsync(file);
      setFile(null);
      notifySuccess(t("logo.uploaded"));
    } catch (caught) {
      const refused = refusal(caught);
      if (refused) setProblem(refused);
      else setError(caught);
    }
  };

  return (
    <Stack gap="sm">
      <Group align="flex-start" gap="md" wrap="wrap">
        <Paper withBorder p={4} w={96} h={96} style={{ display: "grid", placeItems: "center", flex: "none" }}>
          {preview ? (
            <Image
              src={preview}
              alt={chosen ? t("logo.chosenAlt") : t("view.logoAlt", { name: page.name })}
              w={86}
              h={86}
              fit="contain"
            />
          ) : (
            <Text fz="xs" c="dimmed" ta="center">
              {t("logo.none")}
            </Text>
          )}
        </Paper>
        <Stack gap="xs" style={{ flex: "1 1 14rem", minWidth: 0 }}>
          <FileInput
            label={t("logo.label")}
            description={t("logo.help", { max: MAX_MB })}
            inputWrapperOrder={["label", "input", "description", "error"]}
            placeholder={t("logo.choose")}
            styles={{ placeholder: { color: "var(--mantine-color-dimmed)" } }}
            accept={LOGO_TYPES.join(",")}
            fileInputProps={{ "data-testid": "company-page-logo-input" } as React.ComponentProps<"input">}
            clearable
            clearButtonProps={{ "aria-label": t("logo.clear") }}
            leftSection={<IconPhoto size={16} aria-hidden />}
            value={file}
            onChange={choose}
            error={problem ? t(`logo.${problem}`, { max: MAX_MB }) : undefined}
          />
          <Group gap="xs">
            <Button
              leftSection={<IconUpload size={16} aria-hidden />}
              disabled={!file || problem !== null}
              loading={upload.isPending}
              onClick={() => void send()}
            >
              {t("logo.upload")}
            </Button>
            {page.logo && !file ? (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => setConfirming(true)}
              >
                {t("logo.remove")}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Group>
      <ApiErrorAlert error={error} />
      <ConfirmDialog
        opened={confirming}
        title={t("logo.removeTitle")}
        confirmLabel={t("logo.remove")}
        danger
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          await remove.mutateAsync();
          notifySuccess(t("logo.removed"));
        }}
      >
        {t("logo.removeText")}
      </ConfirmDialog>
    </Stack>
  );
}
