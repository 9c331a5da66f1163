import { Button } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useErrorMessage } from "../../../lib/api/use-error-message";
import { saveBlob } from "../../../lib/files/save-blob";
import { notifyError } from "../../../lib/notify";
import { exportAudit, type TAuditExportFormat, type TAuditFilters } from "../api/audit";

/** Downloads the filtered trail (every page, not only the one on screen) as CSV or XLSX. */
export function AuditExportButtons({ filters }: { filters: TAuditFilters }) {
  const { t } = useTranslation("audit");
  const describe = useErrorMessage();
  const [busy, setBusy] = useState<TAuditExportFormat | null>(null);

  const download = async (format: TAuditExportFormat) => {
    setBusy(format);
    try {
      const blob = await exportAudit(format, filters);
      saveBlob(blob, `audit-trail-${new Date().toISOString().slice(0, 10)}.${format}`);
    } catch (error) {
      notifyError(t("exportFailed", { reason: describe(error) }));
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
          data-testid={`audit-export-${format}`}
        >
          {t(`export.${format}`)}
        </Button>
      ))}
    </>
  );
}
