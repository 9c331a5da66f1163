import { Stack } from "@mantine/core";
import type { TCompanyStatus } from "@openpermit/shared";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ListPagination } from "../../../components/list-pagination";
import { ListTotal } from "../../../components/list-total";
import { NextStep } from "../../../components/next-step";
import { PageTitle } from "../../../components/page-title";
import { QueryState } from "../../../components/query-state";
import type { TPage } from "../../../lib/api/fetch-all-pages";
import { CompanyListFilters, useCompanyListParams } from "./company-list-filters";

export const COMPANY_PAGE_SIZE = 20;

interface TCompanyListPageProps<T> {
  title: string;
  description: string;
  searchLabel: string;
  statuses?: readonly TCompanyStatus[];
  query: UseQueryResult<TPage<T>>;
  /** What to say when the platform has none at all yet. */
  empty: { title: string; description: string };
  renderList: (rows: T[]) => ReactNode;
}

/** The frame of the admin's company lists: title, filters, count, loading / error / empty states, pages. */
export function CompanyListPage<T>(props: TCompanyListPageProps<T>) {
  const { title, description, searchLabel, statuses, query, empty, renderList } = props;
  const { t } = useTranslation("adminCompanies");
  const { q, status, page, update } = useCompanyListParams();
  const total = query.data?.total ?? 0;
  const filtered = Boolean(q || status);
  return (
    <>
      <PageTitle title={title} description={description} />
      <Stack gap="md">
        <CompanyListFilters searchLabel={searchLabel} statuses={statuses} />
        <ListTotal shown={Boolean(query.data)}>{t("total", { total })}</ListTotal>
        <QueryState
          query={query}
          filtered={filtered}
          keepDataOnError
          empty={<NextStep testId="empty-state" title={empty.title} description={empty.description} />}
        >
          {(loaded) => renderList(loaded.data)}
        </QueryState>
        <ListPagination
          total={total}
          pageSize={COMPANY_PAGE_SIZE}
          page={page}
          onChange={(next) => update({ page: next })}
        />
      </Stack>
    </>
  );
}
