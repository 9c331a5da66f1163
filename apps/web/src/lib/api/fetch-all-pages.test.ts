import { describe, expect, it, vi } from "vitest";
import { fetchAllPages } from "./fetch-all-pages";

const pageOf = (total: number) => async (page: number, pageSize: number) => {
  const start = (page - 1) * pageSize;
  const data = Array.from({ length: Math.max(0, Math.min(pageSize, total - start)) }, (_, i) => start + i);
  return { data, page, pageSize, total };
};

describe("fetchAllPages", () => {
  it("reads page after page until the total is reached", async () => {
    const fetchPage = vi.fn(pageOf(230));
    const items = await fetchAllPages(fetchPage);
    expect(items).toHaveLength(230);
    expect(items.at(-1)).toBe(229);
    expect(fetchPage.mock.calls.map(([page, size]) => [page, size])).toEqual([
      [1, 100],
      [2, 100],
      [3, 100],
    ]);
  });

  it("stops on an empty page and after maxPages", async () => {
    const lying = vi.fn(async (page: number) => ({ data: page === 1 ? [1] : [], page, pageSize: 100, total: 99 }));
    expect(await fetchAllPages(lying)).toEqual([1]);
    expect(lying).toHaveBeenCalledTimes(2);
    const endless = vi.fn(async (page: number) => ({ data: [page], page, pageSize: 100, total: 1_000_000 }));
    expect(await fetchAllPages(endless, 3)).toEqual([1, 2, 3]);
  });
});
