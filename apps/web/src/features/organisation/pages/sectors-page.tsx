import { Button, Group, Stack } from "@mantine/core";
import type { TSector } from "@openpermit/shared";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { ListPagination } from "../../../components/list-pagination";
import { ListTotal } from "../../../components/list-total";
import { NextStep } from "../../../components/next-step";
import { PageTitle } from "../../../components/page-title";
import { QueryState } from "../../../components/query-state";
import { SearchInput } from "../../../components/search-input";
import { SectionLoader } from "../../../components/section-loader";
import { useListParams } from "../../../lib/router/use-list-params";
import { useSectors } from "../api/list-sectors";
import { DeadEndWarnings } from "../components/dead-ends/dead-end-warnings";
import { ALL, DivisionSelect } from "../components/division-select";
import { DivisionFirst, OwnDivisionUnknown } from "../components/prerequisites";
import { DeleteSectorDialog } from "../components/sectors/delete-sector-dialog";
import { SectorDetailDrawer } from "../components/sectors/sector-detail-drawer";
import { SectorFormModal, type TSectorFormTarget } from "../components/sectors/sector-form-modal";
import { SectorList } from "../components/sectors/sector-list";
import { useDivisionsForScope } from "../components/use-divisions-for-scope";

const PAGE_SIZE = 20;

/** Enterprise `secteurs`, super-responsible `zones`: sectors with their maps; `?id=` opens one. */
export function SectorsPage() {
  const { t } = useTranslation("organisation");
  const { scope, divisions, loading, error, missing } = useDivisionsForScope();
  const { params, q, page, update } = useListParams();
  const divisionFilter = scope.isEnterprise ? params.get("division") || null : null;
  const sectors = useSectors({ divisionId: divisionFilter ?? undefined, q, page, pageSize: PAGE_SIZE });
  const [editing, setEditing] = useState<TSectorFormTarget>(null);
  const [deleting, setDeleting] = useState<TSector | null>(null);
  const total = sectors.data?.total ?? 0;
  const canCreate = !loading && missing === null;

  return (
    <>
      <PageTitle
        title={t("common:pages.sectors")}
        description={
          scope.ownDivision
            ? t("sectors.descriptionOf", { division: scope.ownDivision.name })
            : t("sectors.description")
        }
        actions={
          canCreate ? (
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setEditing({ sector: null, divisionId: divisionFilter })}
            >
              {t("sectors.new")}
            </Button>
          ) : null
        }
      />
      {loading ? (
        <SectionLoader />
      ) : error ? (
        <ApiErrorAlert error={error} />
      ) : missing === "division" ? (
        <DivisionFirst description={t("sectors.divisionFirstHelp")} />
      ) : (
        <Stack gap="md">
          {missing === "ownDivision" ? <OwnDivisionUnknown /> : null}
          <DeadEndWarnings divisionId={divisionFilter ?? undefined} fixPath={`${scope.paths.managers}?tab=matrix`} />
          <Group justify="space-between" align="flex-end" gap="sm">
            <Group align="flex-end" gap="sm" w={{ base: "100%", md: "auto" }}>
              {scope.isEnterprise ? (
                <DivisionSelect
                  divisions={divisions}
                  withAll
                  w={{ base: "100%", "2sm": 240 }}
                  value={divisionFilter ?? ALL}
                  onChange={(value) => update({ division: value === ALL ? null : value })}
                />
              ) : null}
              <SearchInput value={q} onSearch={(next) => update({ q: next })} />
            </Group>
            <ListTotal shown={Boolean(sectors.data)}>{t("total", { total })}</ListTotal>
          </Group>
          <QueryState
            query={sectors}
            filtered={Boolean(q || divisionFilter)}
            keepDataOnError
            empty={
              <NextStep testId="empty-state" title={t("sectors.emptyTitle")} description={t("sectors.emptyText")} />
            }
          >
            {(loaded) => (
              <SectorList
                sectors={loaded.data}
                showDivision={scope.isEnterprise}
                onOpen={(sector) => update({ id: sector.id, page }, { push: true })}
                onEdit={(sector) => setEditing({ sector })}
                onDelete={setDeleting}
              />
            )}
          </QueryState>
          <ListPagination total={total} pageSize={PAGE_SIZE} page={page} onChange={(next) => update({ page: next })} />
        </Stack>
      )}
      <SectorFormModal
        target={editing}
        divisions={divisions}
        fixedDivision={scope.isEnterprise ? null : scope.ownDivision}
        onClose={() => setEditing(null)}
      />
      <DeleteSectorDialog sector={deleting} onClose={() => setDeleting(null)} />
      <SectorDetailDrawer
        sectorId={params.get("id")}
        subSectorsPath={scope.paths.subSectors}
        onClose={() => update({ id: null, page })}
      />
    </>
  );
}
