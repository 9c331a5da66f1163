import { Button } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useErrorMessage } from "../../../../lib/api/use-error-message";
import { saveBlob, slugify } from "../../../../lib/files/save-blob";
import { notifyError } from "../../../../lib/notify";
import { exportPermissions, type TMatrixFileFormat } from "../../api/export-permissions";

interface TExportButtonsProps {
  divisionId: string | undefined;
  divisionName: string;
}

/** Downloads the matrix as CSV or XLSX (fetched with the token, then handed to the browser). */
export function ExportButtons({ divisionId, divisionName }: TExportButtonsProps) {
  const { t } = useTranslation("organisation");
  const describe = useErrorMessage();
  const [busy, setBusy] = useState<TMatrixFileFormat | null>(null);

  const download = async (format: TMatrixFileFormat) => {
    setBusy(format);
    try {
      const blob = await exportPermissions(format, divisionId);
      // Named after the division, so files of several divisions do not overwrite each other.
      saveBlob(blob, `permissions-${slugify(divisionName) || "division"}.${format}`);
    } catch (error) {
      notifyError(t("permissions.exportFailed", { reason: describe(error) }));
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      {(["csv", "xlsx"] as const).map((format) => (
        <Button
          key={format}
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={busy === format}
          disabled={busy !== null && busy !== format}
          onClick={() => void download(format)}
        >
          {t(`permissions.export.${format}`)}
        </Button>
      ))}
    </>
  );
}
