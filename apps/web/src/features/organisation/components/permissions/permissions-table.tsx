import { Stack, Table, Text } from "@mantine/core";
import type { TPermissionsMatrix } from "@openpermit/shared";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { indexCells, roleAt } from "../../api/matrix-cells";
import type { TPermissionCell } from "../../api/set-permission-cell";
import { MatrixCell } from "./matrix-cell";
import { sectorColumnLabel } from "./matrix-roles";
import styles from "./permissions-matrix.module.css";

interface TPermissionsTableProps {
  matrix: TPermissionsMatrix;
  caption: string;
  save: (cell: TPermissionCell) => Promise<void>;
}

/** Managers down, sectors across; the first column stays put while the table scrolls sideways. */
export function PermissionsTable({ matrix, caption, save }: TPermissionsTableProps) {
  const { t } = useTranslation("organisation");
  const cells = useMemo(() => indexCells(matrix), [matrix]);
  // Two managers with the same name would give two cells the same label: add their e-mails.
  const names = useMemo(() => cellNames(matrix.managers), [matrix.managers]);
  return (
    <Stack gap="xs">
      <Text fz="sm" c="dimmed">
        {t("permissions.legend")}
      </Text>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1) */}
      <section className={styles.scroller} tabIndex={0} aria-label={caption} data-testid="permissions-matrix">
        <Table className={styles.table} verticalSpacing="xs" horizontalSpacing="sm" withRowBorders>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col" className={styles.sticky}>
                {t("permissions.manager")}
              </Table.Th>
              {matrix.sectors.map((sector) => (
                <Table.Th key={sector.id} scope="col" className={styles.sectorHeader}>
                  {sectorColumnLabel(sector)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {matrix.managers.map((manager) => (
              <Table.Tr key={manager.id} data-testid="matrix-row" data-id={manager.id}>
                <Table.Th scope="row" className={styles.sticky}>
                  <Text fw={600} fz="sm">
                    {manager.name}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {manager.email}
                  </Text>
                </Table.Th>
                {matrix.sectors.map((sector) => (
                  <Table.Td key={sector.id}>
                    <MatrixCell
                      manager={{ id: manager.id, name: names.get(manager.id) ?? manager.name }}
                      sector={sector}
                      role={roleAt(cells, manager.id, sector.id)}
                      save={save}
                    />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </section>
    </Stack>
  );
}

function cellNames(managers: { id: string; name: string; email: string }[]): Map<string, string> {
  const count = new Map<string, number>();
  for (const { name } of managers) count.set(name, (count.get(name) ?? 0) + 1);
  return new Map(
    managers.map((manager) => [
      manager.id,
      (count.get(manager.name) ?? 0) > 1 ? `${manager.name} (${manager.email})` : manager.name,
    ]),
  );
}
