import { SQL } from "./limit-sql";

/** The list filters the bench sends (`GET /api/permits?…`), read without validation: the limit trusts its caller. */
export interface TLimitListQuery {
  status: string[];
  sectorId?: string;
  from?: string;
  to?: string;
  q?: string;
  pageSize: number;
}

export function listQueryOf(search: URLSearchParams): TLimitListQuery {
  const status = search.get("status");
  const optional = (name: string) => search.get(name) || undefined;
  return {
    status: status ? status.split(",") : [],
    sectorId: optional("sectorId"),
    from: optional("from"),
    to: optional("to"),
    q: optional("q"),
    pageSize: Number(search.get("pageSize") ?? 20),
  };
}

/** `q` as the app's ILIKE pattern: anywhere in the text, LIKE's wildcards taken literally. */
export const containing = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Everything of the page-of-ids statement up to the caller's visibility (the enterprise's own permits). */
const VISIBLE_HEAD = (() => {
  const end = 'or "permits"."status" <> $9))';
  const at = SQL.pageIdsSearch.indexOf(end);
  if (at < 0) throw new Error("limit-sql.ts: the list's statement no longer has the visibility the limit expects.");
  return SQL.pageIdsSearch.slice(0, at + end.length);
})();

/**
 * The list's page of ids with its count, as the app writes it for an Enterprise account: the visibility, then each
 * filter given (status, sector, period, text with the matching contractors' ids), newest first. Numbered like
 * drizzle numbers it, so that the text is the app's own (limit-list.test.ts compares it with the recorded one).
 */
export function pageIdsStatement(
  caller: { id: string; enterpriseId: string },
  query: TLimitListQuery,
  supplierIds: string[],
): { text: string; values: unknown[] } {
  const values: unknown[] = [
    caller.id,
    "pending",
    "Recheck",
    caller.enterpriseId,
    caller.id,
    caller.id,
    caller.id,
    caller.id,
    "pending",
  ];
  const next = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  let text = VISIBLE_HEAD;
  if (query.status.length > 0) text += ` and "permits"."status" in (${query.status.map(next).join(", ")})`;
  if (query.sectorId) text += ` and "permits"."sector_id" = ${next(query.sectorId)}`;
  if (query.from) text += ` and "permits"."end_at" >= ${next(new Date(query.from))}`;
  if (query.to) text += ` and "permits"."start_at" <= ${next(new Date(query.to))}`;
  if (query.q) {
    const pattern = containing(query.q);
    const arms = [
      `"permits"."document_number" ilike ${next(pattern)}`,
      `"permits"."task_title" ilike ${next(pattern)}`,
      `"permits"."job_description" ilike ${next(pattern)}`,
    ];
    if (supplierIds.length > 0) arms.push(`"permits"."supplier_id" in (${supplierIds.map(next).join(", ")})`);
    text += ` and (${arms.join(" or ")})`;
  }
  text += `) order by "permits"."created_at" DESC NULLS LAST, "permits"."id" desc limit ${next(query.pageSize)}`;
  return { text, values };
}
