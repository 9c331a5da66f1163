import { Select } from "@mantine/core";
import type { TSector } from "@openpermit/shared";
import { useTranslation } from "react-i18next";

interface TSectorPickerProps {
  sectors: TSector[];
  value: string | null;
  onChange: (sectorId: string) => void;
  /** The enterprise sees every division: sectors are grouped by division. */
  groupByDivision: boolean;
}

/** "Sector": which sector's map and sub-sectors to work on. */
export function SectorPicker({ sectors, value, onChange, groupByDivision }: TSectorPickerProps) {
  const { t } = useTranslation("organisation");
  const item = (sector: TSector) => ({ value: sector.id, label: `#${sector.number} ${sector.name}` });
  const data = groupByDivision ? groups(sectors, item) : sectors.map(item);
  return (
    <Select
      label={t("fields.sector")}
      w={{ base: "100%", md: 360 }}
      searchable
      allowDeselect={false}
      nothingFoundMessage={t("common:noData")}
      data={data}
      value={value}
      onChange={(next) => {
        if (next) onChange(next);
      }}
    />
  );
}

function groups(sectors: TSector[], item: (sector: TSector) => { value: string; label: string }) {
  const byDivision = new Map<string, { group: string; items: { value: string; label: string }[] }>();
  for (const sector of sectors) {
    const group = byDivision.get(sector.division.id) ?? { group: sector.division.name, items: [] };
    group.items.push(item(sector));
    byDivision.set(sector.division.id, group);
  }
  return [...byDivision.values()];
}
