import { Badge, Button, Group, Stack, Text } from "@mantine/core";
import type { TWorkType, TWorkTypeKind } from "@openpermit/shared";
import { IconPlus } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { withTimeout } from "../../../app/lazy-page";
import { ListPagination } from "../../../components/list-pagination";
import { ListTotal } from "../../../components/list-total";
import { NextStep } from "../../../components/next-step";
import { PageTitle } from "../../../components/page-title";
import { QueryState } from "../../../components/query-state";
import { ResponsiveTable } from "../../../components/responsive-table";
import { RowActions } from "../../../components/row-actions";
import { SearchInput } from "../../../components/search-input";
import { SectionLoader } from "../../../components/section-loader";
import { useListParams } from "../../../lib/router/use-list-params";
import { useWorkTypes, useWorkTypeWrites } from "../api/work-types";
import { DeleteItemDialog } from "../components/delete-item-dialog";
import { type TWorkTypeFormTarget, WorkTypeFormModal } from "../components/work-types/work-type-form-modal";

// Below the list, with its pickers: loaded after the page, so that the list comes first.
const IncompatiblePairsSection = lazy(() =>
  withTimeout(() => import("../components/work-types/incompatible-pairs-section")).then((m) => ({
    default: m.IncompatiblePairsSection,
  })),
);

const PAGE_SIZE = 20;

/** Enterprise: its general work types (`general-work-type`). */
export function GeneralWorkTypesPage() {
  return <WorkTypesPage kind="general" />;
}

/** Enterprise: its procedure work types (`procedure-work-type`): hot work, confined space… */
export function ProcedureWorkTypesPage() {
  return <WorkTypesPage kind="procedure" />;
}

function WorkTypesPage({ kind }: { kind: TWorkTypeKind }) {
  const { t } = useTranslation("risks");
  const { q, page, update } = useListParams();
  const workTypes = useWorkTypes({ kind, q, page, pageSize: PAGE_SIZE });
  const { remove } = useWorkTypeWrites();
  const [editing, setEditing] = useState<TWorkTypeFormTarget>(null);
  const [deleting, setDeleting] = useState<TWorkType | null>(null);
  const total = workTypes.data?.total ?? 0;
  const newButton = (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing("new")}>
      {t("workTypes.new")}
    </Button>
  );

  return (
    <>
      <PageTitle
        title={t(kind === "general" ? "common:pages.generalWorkTypes" : "common:pages.procedureWorkTypes")}
        description={t(`workTypes.description.${kind}`)}
        actions={newButton}
      />
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <SearchInput value={q} onSearch={(next) => update({ q: next })} />
          <ListTotal shown={Boolean(workTypes.data)}>{t("total", { total })}</ListTotal>
        </Group>
        <QueryState
          query={workTypes}
          filtered={Boolean(q)}
          keepDataOnError
          empty={
            <NextStep title={t("workTypes.emptyTitle")} description={t("workTypes.emptyText")} testId="empty-state" />
          }
        >
          {(loaded) => (
            <ResponsiveTable
              rows={loaded.data}
              rowKey={(workType) => workType.id}
              rowTestId="work-type-row"
              caption={t("workTypes.caption")}
              primary={{ header: t("fields.name"), render: (workType) => workType.name }}
              columns={[
                {
                  key: "description",
                  header: t("fields.description"),
                  render: (workType) => (
                    <Text fz="sm" lineClamp={2}>
                      {workType.description || "—"}
                    </Text>
                  ),
                },
                {
                  key: "checklist",
                  header: t("checklist.legend"),
                  render: (workType) => (
                    <Badge variant="light" color="gray" c="dark">
                      {t("workTypes.items", { count: workType.checklist.length })}
                    </Badge>
                  ),
                },
                {
                  key: "files",
                  header: t("fields.procedureFiles"),
                  render: (workType) => t("workTypes.files", { count: workType.files.length }),
                },
              ]}
              actions={(workType) => (
                <RowActions
                  name={workType.name}
                  onEdit={() => setEditing(workType)}
                  onDelete={() => setDeleting(workType)}
                />
              )}
            />
          )}
        </QueryState>
        <ListPagination total={total} pageSize={PAGE_SIZE} page={page} onChange={(next) => update({ page: next })} />
        <Suspense fallback={<SectionLoader />}>
          <IncompatiblePairsSection />
        </Suspense>
      </Stack>
      <WorkTypeFormModal kind={kind} target={editing} onClose={() => setEditing(null)} />
      <DeleteItemDialog
        section="workTypes"
        item={deleting}
        remove={remove.mutateAsync}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
