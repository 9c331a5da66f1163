import { useTranslation } from "react-i18next";
import { FileExportButtons } from "../../../components/file-export-buttons";
import { exportAudit, type TAuditFilters } from "../api/audit";

const today = () => new Date().toISOString().slice(0, 10);

/** Downloads the filtered trail (every page, not only the one on screen) as CSV or XLSX. */
export function AuditExportButtons({ filters }: { filters: TAuditFilters }) {
  const { t } = useTranslation("audit");
  return (
    <FileExportButtons
      fetchFile={(format) => exportAudit(format, filters)}
      fileName={(format) => `audit-trail-${today()}.${format}`}
      label={(format) => t(`export.${format}`)}
      failure={(reason) => t("exportFailed", { reason })}
      testIdPrefix="audit-export"
    />
  );
}
