import { Button, Group, Stack, Text } from "@mantine/core";
import type { TEpi } from "@openpermit/shared";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ListPagination } from "../../../components/list-pagination";
import { ListTotal } from "../../../components/list-total";
import { NextStep } from "../../../components/next-step";
import { PageTitle } from "../../../components/page-title";
import { QueryState } from "../../../components/query-state";
import { ResponsiveTable } from "../../../components/responsive-table";
import { RowActions } from "../../../components/row-actions";
import { SearchInput } from "../../../components/search-input";
import { useEpiName } from "../../../lib/i18n/use-epi-name";
import { useListParams } from "../../../lib/router/use-list-params";
import { useEpis, useEpiWrites } from "../api/epis";
import { DeleteItemDialog } from "../components/delete-item-dialog";
import { EpiFormModal, type TEpiFormTarget } from "../components/epis/epi-form-modal";
import { RiskImage } from "../components/risk-image";

const PAGE_SIZE = 20;

/** Admin: the platform's protective equipment catalogue, which enterprises pick from. */
export function EpisPage() {
  const { t } = useTranslation("risks");
  const { q, page, update } = useListParams();
  const epis = useEpis({ q, page, pageSize: PAGE_SIZE });
  const { remove } = useEpiWrites();
  const [editing, setEditing] = useState<TEpiFormTarget>(null);
  const [deleting, setDeleting] = useState<TEpi | null>(null);
  // The table shows both names; what is said of one EPI (its row's buttons, the delete question) is in the reader's.
  const { nameOf } = useEpiName();
  const total = epis.data?.total ?? 0;
  const newButton = (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing("new")}>
      {t("epis.new")}
    </Button>
  );

  return (
    <>
      <PageTitle
        title={t("common:pages.protectiveEquipment")}
        description={t("epis.description")}
        actions={newButton}
      />
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <SearchInput value={q} onSearch={(next) => update({ q: next })} />
          <ListTotal shown={Boolean(epis.data)}>{t("total", { total })}</ListTotal>
        </Group>
        <QueryState
          query={epis}
          filtered={Boolean(q)}
          keepDataOnError
          empty={<NextStep title={t("epis.emptyTitle")} description={t("epis.emptyText")} testId="empty-state" />}
        >
          {(loaded) => (
            <ResponsiveTable
              rows={loaded.data}
              rowKey={(epi) => epi.id}
              rowTestId="epi-row"
              caption={t("epis.caption")}
              primary={{
                header: t("epis.nameEn"),
                image: (epi) => <RiskImage url={epi.icon?.url} />,
                render: (epi) => <span>{epi.name}</span>,
              }}
              columns={[
                {
                  key: "nameFr",
                  header: t("epis.nameFrColumn"),
                  render: (epi) => <span>{epi.nameFr}</span>,
                },
                {
                  key: "description",
                  header: t("fields.description"),
                  render: (epi) => (
                    <Text fz="sm" lineClamp={2}>
                      {epi.description || "—"}
                    </Text>
                  ),
                },
              ]}
              actions={(epi) => (
                <RowActions name={nameOf(epi)} onEdit={() => setEditing(epi)} onDelete={() => setDeleting(epi)} />
              )}
            />
          )}
        </QueryState>
        <ListPagination total={total} pageSize={PAGE_SIZE} page={page} onChange={(next) => update({ page: next })} />
      </Stack>
      <EpiFormModal target={editing} onClose={() => setEditing(null)} />
      <DeleteItemDialog
        section="epis"
        item={deleting && { ...deleting, name: nameOf(deleting) }}
        remove={remove.mutateAsync}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
