import type { ReactNode } from "react";
import { ApiErrorAlert } from "./api-error-alert";
import { EmptyData } from "./empty-data";
import { SectionLoader } from "./section-loader";

/** What QueryState reads of a TanStack query. */
export interface TQueryState<T> {
  isPending: boolean;
  error: unknown;
  data?: T | undefined;
}

interface TQueryStateProps<T> {
  query: TQueryState<T>;
  /**
   * Shown when there is nothing at all (an empty array, a page whose `total` is 0): usually a NextStep saying
   * what to do first. Without it, an empty list goes to `children` like any other.
   */
  empty?: ReactNode;
  /**
   * For a list that can be searched or filtered: whether it is. A filtered list that finds nothing, or a page
   * past the last, shows "no data" rather than `empty`.
   */
  filtered?: boolean;
  /** Keep showing the rows when a refetch fails (lists that page or search), rather than the error. */
  keepDataOnError?: boolean;
  /** What a failed load shows instead of the API's message (a page's own "not found", say). */
  renderError?: (error: unknown) => ReactNode;
  children: (data: T) => ReactNode;
}

/** A query's place on the page: a spinner, then the error of a failed load, then `empty`, then the content. */
export function QueryState<T>({ query, empty, filtered, keepDataOnError, renderError, children }: TQueryStateProps<T>) {
  const { isPending, error, data } = query;
  if (isPending) return <SectionLoader />;
  if (data === undefined || (error && !keepDataOnError)) {
    return renderError ? renderError(error) : <ApiErrorAlert error={error} />;
  }
  if (empty !== undefined && isEmpty(data) && !filtered) return empty;
  if (filtered !== undefined && rowsOf(data)?.length === 0) return <EmptyData />;
  return children(data);
}

/** The rows of an array or of a page (`{ total, data }`); undefined for anything else. */
function rowsOf(data: unknown): unknown[] | undefined {
  if (Array.isArray(data)) return data;
  if (data && typeof data === "object" && "data" in data && Array.isArray(data.data)) return data.data;
  return undefined;
}

function isEmpty(data: unknown): boolean {
  if (data && typeof data === "object" && "total" in data) return data.total === 0;
  return rowsOf(data)?.length === 0;
}
