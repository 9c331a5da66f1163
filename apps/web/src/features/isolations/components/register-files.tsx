import { Button, FileButton, Group, Text } from "@mantine/core";
import { ORGANISATION_LIMITS, type TSector } from "@openpermit/shared";
import { IconFileImport } from "@tabler/icons-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { FileExportButtons } from "../../../components/file-export-buttons";
import { ApiError, isApiError } from "../../../lib/api/api-error";
import { slugify } from "../../../lib/files/save-blob";
import { notifySuccess } from "../../../lib/notify";
import { ImportRowErrors } from "../../organisation/components/permissions/import-dialog";
import { IMPORT_ACCEPT } from "../../organisation/components/permissions/permissions-panel";
import { exportPoints, useImportPoints } from "../api/isolations";

/**
 * The register of the sector's division as CSV or XLSX, and its import (like the permissions matrix's: confirmed
 * first; all rows or none, each refused row named).
 */
export function RegisterFiles({ sector }: { sector: TSector }) {
  const { t } = useTranslation("isolations");
  const division = sector.division;
  const [file, setFile] = useState<File | null>(null);
  const reset = useRef<() => void>(null);
  const upload = useImportPoints();
  return (
    <Group gap="xs">
      <FileExportButtons
        fetchFile={(format) => exportPoints(format, division.id)}
        fileName={(format) => `isolation-points-${slugify(division.name) || "division"}.${format}`}
        label={(format) => t(`files.export.${format}`)}
        failure={(reason) => t("files.exportFailed", { reason })}
        testIdPrefix="isolations-export"
      />
      <FileButton
        accept={IMPORT_ACCEPT}
        onChange={setFile}
        resetRef={reset}
        inputProps={{ "data-testid": "isolations-import-file" } as React.ComponentProps<"input">}
      >
        {(props) => (
          <Button {...props} variant="default" leftSection={<IconFileImport size={16} aria-hidden />}>
            {t("files.import")}
          </Button>
        )}
      </FileButton>
      <ConfirmDialog
        opened={file !== null}
        title={t("files.importTitle", { division: division.name })}
        confirmLabel={t("files.import")}
        onClose={() => {
          setFile(null);
          reset.current?.();
        }}
        onConfirm={async () => {
          if (file!.size > ORGANISATION_LIMITS.importMaxBytes)
            throw new ApiError(413, "PAYLOAD_TOO_LARGE", "too large");
          const result = await upload.mutateAsync({ file: file!, divisionId: division.id });
          notifySuccess(t("files.imported", result));
        }}
        describeError={(error) =>
          isApiError(error) && error.code === "IMPORT_INVALID" ? <ImportRowErrors rows={error.rows} /> : null
        }
      >
        <Text>{t("files.importText", { file: file?.name ?? "", division: division.name })}</Text>
        <Text fz="sm" c="dimmed">
          {t("files.importHelp")}
        </Text>
      </ConfirmDialog>
    </Group>
  );
}
