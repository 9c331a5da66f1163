import { Button, Group } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { ListTotal } from "../../../components/list-total";
import { SearchInput } from "../../../components/search-input";

interface TListToolbarProps {
  q: string;
  onSearch: (q: string) => void;
  /** Shown (and announced) once the list has loaded. */
  total: number | undefined;
  /** The "New …" button; absent for readers. */
  create?: { label: string; onClick: () => void };
}

/** Above a risk list: the search, the total, and the button that opens the create form. */
export function ListToolbar({ q, onSearch, total, create }: TListToolbarProps) {
  const { t } = useTranslation("risks");
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <SearchInput value={q} onSearch={onSearch} />
      <Group gap="sm">
        <ListTotal shown={total !== undefined}>{t("total", { total })}</ListTotal>
        {create ? (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={create.onClick}>
            {create.label}
          </Button>
        ) : null}
      </Group>
    </Group>
  );
}
