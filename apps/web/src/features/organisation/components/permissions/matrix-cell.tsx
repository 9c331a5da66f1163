import { Loader, NativeSelect } from "@mantine/core";
import type { TMatrixRole } from "@openpermit/shared";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useErrorMessage } from "../../../../lib/api/use-error-message";
import { notifyError } from "../../../../lib/notify";
import type { TPermissionCell } from "../../api/set-permission-cell";
import { cellOptions, parseCellRole } from "./matrix-roles";
import styles from "./permissions-matrix.module.css";

interface TMatrixCellProps {
  manager: { id: string; name: string };
  sector: { id: string; name: string };
  /** The role the server holds. */
  role: TMatrixRole;
  save: (cell: TPermissionCell) => Promise<void>;
}

/**
 * One manager's role in one sector, saved as soon as it changes. The new choice shows at once;
 * changes of the same cell are sent one after the other, so the last choice is the one kept; a
 * refused save puts back what the server holds and says why.
 */
export function MatrixCell({ manager, sector, role, save }: TMatrixCellProps) {
  const { t } = useTranslation("organisation");
  const describe = useErrorMessage();
  const [shown, setShown] = useState<TMatrixRole | null>(null);
  const [saving, setSaving] = useState(0);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const value = shown ?? role;
  const label = t("permissions.cellLabel", { manager: manager.name, sector: sector.name });

  const change = (next: TMatrixRole) => {
    setShown(next);
    setSaving((count) => count + 1);
    queue.current = queue.current
      .then(() => save({ managerId: manager.id, sectorId: sector.id, role: next }))
      .then(
        () => setShown((current) => (current === next ? null : current)),
        (error: unknown) => {
          setShown(null);
          notifyError(
            t("permissions.saveFailed", { manager: manager.name, sector: sector.name, reason: describe(error) }),
          );
        },
      )
      .finally(() => setSaving((count) => count - 1));
  };

  return (
    <NativeSelect
      className={styles.cell}
      size="xs"
      aria-label={label}
      aria-busy={saving > 0}
      data-role={value}
      value={value}
      onChange={(event) => change(parseCellRole(event.currentTarget.value))}
      rightSection={saving > 0 ? <Loader size={12} aria-label={t("permissions.saving")} /> : undefined}
    >
      {cellOptions(t).map((option) => (
        <option key={option.value} value={option.value} aria-label={option.spoken}>
          {option.label}
        </option>
      ))}
    </NativeSelect>
  );
}
