import { Button, Group, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { EmptyData } from "../../../components/empty-data";
import { SearchInput } from "../../../components/search-input";
import { SectionLoader } from "../../../components/section-loader";

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
        {total !== undefined ? (
          <Text fz="sm" c="dimmed" aria-live="polite">
            {t("total", { total })}
          </Text>
        ) : null}
        {create ? (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={create.onClick}>
            {create.label}
          </Button>
        ) : null}
      </Group>
    </Group>
  );
}

/**
 * What a list shows instead of its rows, or null when it has rows to show: a loader, the error of a first
 * load, `empty` (what to do) when there is nothing at all, or "no data" when the search matches nothing.
 */
export function listPlaceholder(
  query: { isPending: boolean; error: unknown; data?: { total: number; data: unknown[] } | undefined },
  q: string,
  empty: ReactNode,
): ReactNode | null {
  if (query.isPending) return <SectionLoader />;
  if (query.error && !query.data) return <ApiErrorAlert error={query.error} />;
  if (!query.data) return null;
  if (query.data.total === 0 && !q) return empty;
  if (query.data.data.length === 0) return <EmptyData />;
  return null;
}
