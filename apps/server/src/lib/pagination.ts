/** One page of a list, as every paginated route answers it. */
export const pageOf = <T>(data: T[], query: { page: number; pageSize: number }, total: number) => ({
  data,
  page: query.page,
  pageSize: query.pageSize,
  total,
});
