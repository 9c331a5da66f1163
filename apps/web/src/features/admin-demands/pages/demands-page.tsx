import { Center, Group, Loader, Pagination, Select, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { PageTitle } from "../../../components/page-title";
import { DEMAND_STATUS_FILTERS, type TDemandStatusFilter, useDemands } from "../api/list-demands";
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

/** Admin: enterprise accounts to approve or deny. Filter and page live in the URL. */
export function DemandsPage() {
  const { t } = useTranslation("admin");
  const [params, setParams] = useSearchParams();
  const status = readStatus(params.get("status"));
  const page = readPage(params.get("page"));
  const demands = useDemands({ status, page, pageSize: PAGE_SIZE });
  const total = demands.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  const update = (next: { status?: TDemandStatusFilter; page?: number }) => {
    setParams({ status: next.status ?? status, page: String(next.page ?? 1) }, { replace: true });
  };

  return (
    <>
      <PageTitle title={t("common:pages.accountRequests")} description={t("demands.description")} />
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Select
            label={t("demands.filter")}
            w={{ base: "100%", "2sm": 220 }}
            allowDeselect={false}
            value={status}
            onChange={(value) => update({ status: readStatus(value) })}
            data={DEMAND_STATUS_FILTERS.map((value) => ({ value, label: t(`demands.filters.${value}`) }))}
          />
          {demands.data ? (
            <Text fz="sm" c="dimmed" aria-live="polite">
              {t("demands.total", { total })}
            </Text>
          ) : null}
        </Group>
        {demands.isPending ? (
          <Center py="xl">
            <Loader aria-label={t("common:loading")} />
          </Center>
        ) : demands.error && !demands.data ? (
          <ApiErrorAlert error={demands.error} />
        ) : (
          <DemandList demands={demands.data?.data ?? []} />
        )}
        {pages > 1 ? (
          <Center>
            <Pagination
              total={pages}
              value={Math.min(page, pages)}
              onChange={(next) => update({ page: next })}
              getControlProps={(control) => ({ "aria-label": t(`common:pagination.${control}`) })}
              getItemProps={(item) => ({ "aria-label": t("common:pagination.page", { page: item }) })}
            />
          </Center>
        ) : null}
      </Stack>
    </>
  );
}
