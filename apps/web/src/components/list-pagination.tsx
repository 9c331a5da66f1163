import { Center, Pagination } from "@mantine/core";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";

interface TListPaginationProps {
  total: number;
  pageSize: number;
  page: number;
  onChange: (page: number) => void;
}

/**
 * Page links under a list, with translated names; nothing when everything fits on one page. A page past
 * the end (its last row was just deleted) moves back to the last page.
 */
export function ListPagination({ total, pageSize, page, onChange }: TListPaginationProps) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  useEffect(() => {
    if (total > 0 && page > pages) onChange(pages);
  }, [total, page, pages, onChange]);
  if (pages <= 1) return null;
  return (
    <Center>
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={onChange}
        getControlProps={(control) => ({ "aria-label": t(`pagination.${control}`) })}
        getItemProps={(item) => ({ "aria-label": t("pagination.page", { page: item }) })}
      />
    </Center>
  );
}
