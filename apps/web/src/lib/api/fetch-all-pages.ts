export interface TPage<T> {
  data: T[];
  page: number;
  pageSize: number;
  total: number;
}

/** The largest page the list endpoints serve. */
export const MAX_PAGE_SIZE = 100;

/**
 * Every item of a paginated list, page after page (a select needs the whole list, not its first
 * page). `maxPages` bounds the loop should a server keep announcing more than it sends.
 */
export async function fetchAllPages<T>(
  fetchPage: (page: number, pageSize: number) => Promise<TPage<T>>,
  maxPages = 50,
): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; page <= maxPages; page++) {
    const answer = await fetchPage(page, MAX_PAGE_SIZE);
    items.push(...answer.data);
    if (answer.data.length === 0 || items.length >= answer.total) break;
  }
  return items;
}
