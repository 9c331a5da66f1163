import { Button } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useErrorMessage } from "../../../lib/api/use-error-message";
import { saveBlob } from "../../../lib/files/save-blob";
import { notifyError } from "../../../lib/notify";
import { exportPermits, type TPermitExportFormat, type TPermitListFilters } from "../api/permits";

/** Downloads the filtered list (every page, not only the one on screen) as CSV or XLSX, with the token. */
export function PermitExportButtons({ filters }: { filters: TPermitListFilters }) {
  const { t } = useTranslation("permits");
  const describe = useErrorMessage();
  const [busy, setBusy] = useState<TPermitExportFormat | null>(null);

  const download = async (format: TPermitExportFormat) => {
    setBusy(format);
    try {
      const blob = await exportPermits(format, filters);
      saveBlob(blob, `permits-${new Date().toISOString().slice(0, 10)}.${format}`);
    } catch (error) {
      notifyError(t("list.exportFailed", { reason: describe(error) }));
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
          data-testid={`permit-export-${format}`}
        >
          {t(`list.export.${format}`)}
        </Button>
      ))}
    </>
  );
}
