import { useTranslation } from "react-i18next";
import { FileExportButtons } from "../../../../components/file-export-buttons";
import { slugify } from "../../../../lib/files/save-blob";
import { exportPermissions } from "../../api/export-permissions";

interface TExportButtonsProps {
  divisionId: string | undefined;
  divisionName: string;
}

/** Downloads the matrix as CSV or XLSX. */
export function ExportButtons({ divisionId, divisionName }: TExportButtonsProps) {
  const { t } = useTranslation("organisation");
  return (
    <FileExportButtons
      fetchFile={(format) => exportPermissions(format, divisionId)}
      // Named after the division, so files of several divisions do not overwrite each other.
      fileName={(format) => `permissions-${slugify(divisionName) || "division"}.${format}`}
      label={(format) => t(`permissions.export.${format}`)}
      failure={(reason) => t("permissions.exportFailed", { reason })}
    />
  );
}
