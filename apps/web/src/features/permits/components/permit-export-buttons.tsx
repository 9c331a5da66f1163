import { useTranslation } from "react-i18next";
import { FileExportButtons } from "../../../components/file-export-buttons";
import { exportPermits, type TPermitListFilters } from "../api/permits";

const today = () => new Date().toISOString().slice(0, 10);

/** Downloads the filtered list (every page, not only the one on screen) as CSV or XLSX. */
export function PermitExportButtons({ filters }: { filters: TPermitListFilters }) {
  const { t } = useTranslation("permits");
  return (
    <FileExportButtons
      fetchFile={(format) => exportPermits(format, filters)}
      fileName={(format) => `permits-${today()}.${format}`}
      label={(format) => t(`list.export.${format}`)}
      failure={(reason) => t("list.exportFailed", { reason })}
      testIdPrefix="permit-export"
    />
  );
}
