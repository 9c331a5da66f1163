import { Alert, Button, FileButton, Progress, Stack } from "@mantine/core";
import type { TSector } from "@openpermit/shared";
import { IconUpload } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../../components/api-error-alert";
import { notifySuccess } from "../../../../lib/notify";
import { useUploadSectorMap } from "../../api/upload-sector-map";
import { MAP_ACCEPT, mapFileProblem } from "./sector-form-schema";

/** Uploads a new map for the sector (or its first); sub-sector positions are kept as fractions. */
export function ReplaceMapButton({ sector }: { sector: TSector }) {
  const { t } = useTranslation("organisation");
  const upload = useUploadSectorMap();
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const send = async (file: File | null) => {
    if (!file) return;
    upload.reset();
    const found = mapFileProblem(file);
    setProblem(found);
    if (found) return;
    setProgress(0);
    try {
      await upload.mutateAsync({ id: sector.id, file, onProgress: setProgress });
      notifySuccess(t("sectors.mapUploaded", { name: sector.name }));
    } catch {
      // Shown below from the mutation's error.
    } finally {
      setProgress(null);
    }
  };

  return (
    <Stack gap="xs">
      <FileButton onChange={(file) => void send(file)} accept={MAP_ACCEPT}>
        {(props) => (
          <Button
            {...props}
            variant="light"
            leftSection={<IconUpload size={16} aria-hidden />}
            loading={upload.isPending}
          >
            {sector.map ? t("sectors.replaceMap") : t("sectors.uploadMap")}
          </Button>
        )}
      </FileButton>
      {progress !== null ? <Progress value={progress * 100} aria-label={t("sectors.uploading")} animated /> : null}
      {problem ? (
        <Alert color="red" variant="light" role="alert">
          {t(problem)}
        </Alert>
      ) : null}
      <ApiErrorAlert error={upload.error} />
    </Stack>
  );
}
