import { Group, Select, Stack, Tabs } from "@mantine/core";
import { ADMIN_DEMAND_KINDS, type TAdminDemandKind } from "@openpermit/shared";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ListPagination } from "../../../components/list-pagination";
import { ListTotal } from "../../../components/list-total";
import { PageTitle } from "../../../components/page-title";
import { QueryState } from "../../../components/query-state";
import { useCreditDemands } from "../api/list-credit-demands";
import { DEMAND_STATUS_FILTERS, type TDemandStatusFilter, useDemands } from "../api/list-demands";
import { CreditDemandList } from "../components/credit-demand-list";
import { DemandList } from "../components/demand-list";

const PAGE_SIZE = 20;

function readStatus(value: string | null): TDemandStatusFilter {
  return (DEMAND_STATUS_FILTERS as readonly string[]).includes(value ?? "")
    ? (value as TDemandStatusFilter)
    : "pending";
}

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

function readKind(value: string | null): TAdminDemandKind {
  return (ADMIN_DEMAND_KINDS as readonly string[]).includes(value ?? "")
    ? (value as TAdminDemandKind)
    : "enterprise_account";
}

type TQuery = { status: TDemandStatusFilter; page: number; pageSize: number };

/** Admin: enterprise accounts and credits requests to approve or deny. Tab, filter and page live in the URL. */
export function DemandsPage() {
  const { t } = useTranslation("admin");
  const [params, setParams] = useSearchParams();
  const kind = readKind(params.get("kind"));
  const query: TQuery = {
    status: readStatus(params.get("status")),
    page: readPage(params.get("page")),
    pageSize: PAGE_SIZE,
  };

  const update = (next: { kind?: TAdminDemandKind; status?: TDemandStatusFilter; page?: number }) => {
    setParams(
      { kind: next.kind ?? kind, status: next.status ?? query.status, page: String(next.page ?? 1) },
      { replace: true },
    );
  };

  return (
    <>
      <PageTitle title={t("common:pages.requests")} description={t(`demands.descriptions.${kind}`)} />
      <Tabs value={kind} onChange={(value) => update({ kind: readKind(value), status: "pending" })} keepMounted={false}>
        <Tabs.List mb="md">
          {ADMIN_DEMAND_KINDS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`demands.tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="enterprise_account">
          <AccountDemands query={query} update={update} />
        </Tabs.Panel>
        <Tabs.Panel value="credits">
          <CreditDemands query={query} update={update} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

type TPanelProps = {
  query: TQuery;
  update: (next: { status?: TDemandStatusFilter; page?: number }) => void;
};

function AccountDemands({ query, update }: TPanelProps) {
  const demands = useDemands(query);
  return (
    <DemandsPanel query={query} update={update} result={demands}>
      {demands.data ? <DemandList demands={demands.data.data} /> : null}
    </DemandsPanel>
  );
}

function CreditDemands({ query, update }: TPanelProps) {
  const demands = useCreditDemands(query);
  return (
    <DemandsPanel query={query} update={update} result={demands}>
      {demands.data ? <CreditDemandList demands={demands.data.data} /> : null}
    </DemandsPanel>
  );
}

interface TDemandsPanelProps extends TPanelProps {
  result: { isPending: boolean; error: unknown; data?: { total: number } | undefined };
  /** The list, once there is data. */
  children: ReactNode;
}

/** One tab: the status filter, the total, the list (or its loading and error states), and the pages. */
function DemandsPanel({ query, update, result, children }: TDemandsPanelProps) {
  const { t } = useTranslation("admin");
  const total = result.data?.total ?? 0;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Select
          label={t("demands.filter")}
          w={{ base: "100%", "2sm": 220 }}
          allowDeselect={false}
          value={query.status}
          onChange={(value) => update({ status: readStatus(value) })}
          data={DEMAND_STATUS_FILTERS.map((value) => ({ value, label: t(`demands.filters.${value}`) }))}
        />
        <ListTotal shown={Boolean(result.data)}>{t("demands.total", { total })}</ListTotal>
      </Group>
      <QueryState query={result} keepDataOnError>
        {() => children}
      </QueryState>
      <ListPagination total={total} pageSize={PAGE_SIZE} page={query.page} onChange={(page) => update({ page })} />
    </Stack>
  );
}
