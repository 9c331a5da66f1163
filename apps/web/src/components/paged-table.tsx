import type { ReactNode } from "react";
import type { TPage } from "../lib/api/fetch-all-pages";
import { ListPagination } from "./list-pagination";
import { QueryState, type TQueryState } from "./query-state";
import { ResponsiveTable, type TResponsiveTableProps } from "./responsive-table";

interface TPagedTableProps<T> extends Omit<TResponsiveTableProps<T>, "rows"> {
  /** The query of the current page. */
  query: TQueryState<TPage<T>>;
  /** Shown when there is nothing at all. */
  empty: ReactNode;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
}

/** A paged list loaded a page at a time: its loading and error states, the page as a ResponsiveTable, the page links. */
export function PagedTable<T>({ query, empty, page, pageSize, onPageChange, ...table }: TPagedTableProps<T>) {
  return (
    <QueryState query={query} empty={empty}>
      {(loaded) => (
        <>
          <ResponsiveTable<T> rows={loaded.data} {...table} />
          <ListPagination total={loaded.total} pageSize={pageSize} page={page} onChange={onPageChange} />
        </>
      )}
    </QueryState>
  );
}
