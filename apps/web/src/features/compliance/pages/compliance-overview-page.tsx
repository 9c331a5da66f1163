import { Anchor, Button, Chip, Group, Stack, Switch, Text } from "@mantine/core";
import {
  AREA_PATHS,
  COMPLIANCE_KINDS,
  STANDINGS,
  type TComplianceKind,
  type TComplianceOverviewRow,
  type TStanding,
} from "@openpermit/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FileExportButtons } from "../../../components/file-export-buttons";
import { FilterSelect } from "../../../components/filter-select";
import { ListPagination } from "../../../components/list-pagination";
import { NextStep } from "../../../components/next-step";
import { PageTitle } from "../../../components/page-title";
import { QueryState } from "../../../components/query-state";
import { ResponsiveTable } from "../../../components/responsive-table";
import { SearchInput } from "../../../components/search-input";
import { useContractors } from "../../contractors/api/list-contractors";
import { StandingBadge } from "../../worker-card/components/standing-badge";
import { exportOverview, type TOverviewFilters, useComplianceOverview } from "../api/overview";
import { InductionDialog } from "../components/induction-dialog";

const PAGE_SIZE = 25;

/**
 * The principal's compliance view: where every contractor affiliated now, and each of its workers, stands against
 * each requirement today; filter chips by standing, filters, the export, and recording a worker's site induction.
 */
export function ComplianceOverviewPage() {
  const { t } = useTranslation(["complianceOverview", "complianceView"]);
  const [filters, setFilters] = useState<TOverviewFilters>({});
  const [page, setPage] = useState(1);
  const [inducting, setInducting] = useState<TComplianceOverviewRow | null>(null);
  const overview = useComplianceOverview(filters, page, PAGE_SIZE);
  const contractors = useContractors({ status: "affiliated", page: 1, pageSize: 100 });
  const change = (next: Partial<TOverviewFilters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
  };
  const filtered = Boolean(
    filters.supplierId || filters.kind || filters.requiredOnly || filters.q || filters.standings?.length,
  );
  const counts = overview.data?.counts;

  return (
    <Stack gap="md">
      <PageTitle title={t("title")} />
      <Group gap="sm" wrap="wrap">
        <Anchor component={Link} to={`../${AREA_PATHS.complianceReview}`} relative="path">
          {t("toReview")}
        </Anchor>
        <FileExportButtons
          fetchFile={(format) => exportOverview(format, filters)}
          fileName={(format) => `compliance.${format}`}
          label={(format) => t(`export.${format}`)}
          failure={(reason) => t("export.failed", { reason })}
          testIdPrefix="compliance-export"
        />
      </Group>
      <Chip.Group
        multiple
        value={filters.standings ?? []}
        onChange={(value) => change({ standings: value as TStanding[] })}
      >
        <Group gap="xs" role="group" aria-label={t("filters.standing")}>
          {STANDINGS.map((standing) => (
            <Chip key={standing} value={standing} data-testid={`standing-chip-${standing}`}>
              {t("chip", { standing: t(`complianceView:standing.${standing}`), count: counts?.[standing] ?? 0 })}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <FilterSelect
          label={t("filters.contractor")}
          allLabel={t("filters.allContractors")}
          options={(contractors.data?.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          value={filters.supplierId}
          onChange={(supplierId) => change({ supplierId })}
          width={240}
        />
        <FilterSelect
          label={t("filters.kind")}
          allLabel={t("filters.allKinds")}
          options={COMPLIANCE_KINDS.map((kind) => ({ value: kind, label: t(`complianceView:kind.${kind}`) }))}
          value={filters.kind}
          onChange={(kind) => change({ kind: kind as TComplianceKind | null })}
          width={200}
        />
        <SearchInput
          value={filters.q ?? ""}
          onSearch={(q) => change({ q })}
          label={t("filters.search")}
          placeholder={t("filters.searchPlaceholder")}
        />
        <Switch
          label={t("filters.requiredOnly")}
          checked={filters.requiredOnly ?? false}
          onChange={(event) => change({ requiredOnly: event.currentTarget.checked })}
          mb={8}
        />
      </Group>
      <QueryState
        query={overview}
        filtered={filtered}
        keepDataOnError
        empty={
          <NextStep
            title={t("empty.title")}
            description={t("empty.text")}
            link={{ to: `../${AREA_PATHS.profile}`, label: t("empty.profile") }}
            testId="compliance-empty"
          />
        }
      >
        {(loaded) => (
          <>
            <ResponsiveTable<TComplianceOverviewRow>
              rows={loaded.data}
              rowKey={(r) => `${r.contractor.id} ${r.worker?.id ?? ""} ${r.requirement.id}`}
              caption={t("caption")}
              rowTestId="compliance-row"
              primary={{ header: t("columns.contractor"), render: (r) => r.contractor.name }}
              columns={[
                { key: "worker", header: t("columns.worker"), render: (r) => r.worker?.name ?? t("company") },
                {
                  key: "requirement",
                  header: t("columns.requirement"),
                  render: (r) => (
                    <Stack gap={0}>
                      <Text size="sm">{r.requirement.name}</Text>
                      <Text size="xs" c="dimmed">
                        {t(`complianceView:kind.${r.requirement.kind}`)}
                        {r.requirement.requiredOfAll ? ` · ${t("requiredOfAll")}` : ""}
                      </Text>
                    </Stack>
                  ),
                },
                {
                  key: "standing",
                  header: t("columns.standing"),
                  render: (r) => <StandingBadge standing={r.standing} />,
                },
                { key: "validUntil", header: t("columns.validUntil"), render: (r) => r.validUntil ?? "—" },
              ]}
              actions={(r) =>
                r.requirement.kind === "induction" && r.worker ? (
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => setInducting(r)}
                    aria-label={t("recordFor", { worker: r.worker.name, requirement: r.requirement.name })}
                  >
                    {t("record")}
                  </Button>
                ) : null
              }
            />
            <ListPagination total={loaded.total} pageSize={PAGE_SIZE} page={page} onChange={setPage} />
          </>
        )}
      </QueryState>
      <InductionDialog row={inducting} onClose={() => setInducting(null)} />
    </Stack>
  );
}
