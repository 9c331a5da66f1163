import { Group, Paper, Stack, Text } from "@mantine/core";
import type { TSubSector } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { RowActions } from "../../../../components/row-actions";
import { toPercent } from "../map/map-coordinates";

interface TSubSectorListProps {
  subSectors: TSubSector[];
  selectedId: string | null;
  onEdit: (subSector: TSubSector) => void;
  onDelete: (subSector: TSubSector) => void;
}

/** The sector's sub-sectors with their positions: the keyboard way to each of them. */
export function SubSectorList({ subSectors, selectedId, onEdit, onDelete }: TSubSectorListProps) {
  const { t } = useTranslation("organisation");
  return (
    <Stack
      gap="xs"
      component="ul"
      aria-label={t("subSectors.caption")}
      style={{ listStyle: "none", padding: 0, margin: 0 }}
    >
      {subSectors.map((subSector) => (
        <li key={subSector.id}>
          <Paper
            withBorder
            p="xs"
            data-testid="sub-sector-row"
            data-id={subSector.id}
            bg={subSector.id === selectedId ? "brand.0" : undefined}
          >
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                  {subSector.name}
                </Text>
                <Text fz="xs" c="dimmed">
                  {subSector.x === null || subSector.y === null
                    ? t("subSectors.notPlaced")
                    : t("subSectors.position", { x: toPercent(subSector.x), y: toPercent(subSector.y) })}
                </Text>
              </div>
              <Group gap={2} wrap="nowrap">
                <RowActions
                  name={subSector.name}
                  onEdit={() => onEdit(subSector)}
                  onDelete={() => onDelete(subSector)}
                />
              </Group>
            </Group>
          </Paper>
        </li>
      ))}
    </Stack>
  );
}
