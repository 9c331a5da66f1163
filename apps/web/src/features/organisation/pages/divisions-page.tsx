import { Button, Group, Stack } from "@mantine/core";
import type { TDivision } from "@openpermit/shared";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ListPagination } from "../../../components/list-pagination";
import { ListTotal } from "../../../components/list-total";
import { NextStep } from "../../../components/next-step";
import { PageTitle } from "../../../components/page-title";
import { QueryState } from "../../../components/query-state";
import { SearchInput } from "../../../components/search-input";
import { useListParams } from "../../../lib/router/use-list-params";
import { useDivisions } from "../api/list-divisions";
import { DeleteDivisionDialog } from "../components/divisions/delete-division-dialog";
import { DivisionFormModal, type TDivisionFormTarget } from "../components/divisions/division-form-modal";
import { DivisionList } from "../components/divisions/division-list";

const PAGE_SIZE = 20;

/** Enterprise: its divisions (sites, plants), which hold sectors and managers. */
export function DivisionsPage() {
  const { t } = useTranslation("organisation");
  const { q, page, update } = useListParams();
  const divisions = useDivisions({ q, page, pageSize: PAGE_SIZE });
  const [editing, setEditing] = useState<TDivisionFormTarget>(null);
  const [deleting, setDeleting] = useState<TDivision | null>(null);
  const total = divisions.data?.total ?? 0;
  // One "New division" button on the page; the empty state points to it.
  const newButton = (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing("new")}>
      {t("divisions.new")}
    </Button>
  );

  return (
    <>
      <PageTitle title={t("common:pages.divisions")} description={t("divisions.description")} actions={newButton} />
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <SearchInput value={q} onSearch={(next) => update({ q: next })} />
          <ListTotal shown={Boolean(divisions.data)}>{t("total", { total })}</ListTotal>
        </Group>
        <QueryState
          query={divisions}
          filtered={Boolean(q)}
          keepDataOnError
          empty={
            <NextStep title={t("divisions.emptyTitle")} description={t("divisions.emptyText")} testId="empty-state" />
          }
        >
          {(loaded) => <DivisionList divisions={loaded.data} onEdit={setEditing} onDelete={setDeleting} />}
        </QueryState>
        <ListPagination total={total} pageSize={PAGE_SIZE} page={page} onChange={(next) => update({ page: next })} />
      </Stack>
      <DivisionFormModal target={editing} onClose={() => setEditing(null)} />
      <DeleteDivisionDialog division={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
