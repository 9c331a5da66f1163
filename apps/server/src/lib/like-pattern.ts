import { type AnyColumn, type SQL, sql } from "drizzle-orm";

/** `q` as an ILIKE pattern matching it anywhere, with LIKE's wildcards taken literally. */
export const containing = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * `column` contains `q`, whatever the accents and the case on either side ("rhone" finds "Rhône"): names typed on a
 * keyboard without the accent still find the company (f_unaccent: migration 0018).
 */
export const containsIgnoringAccents = (column: AnyColumn | SQL, q: string): SQL =>
  sql`f_unaccent(${column}) ILIKE f_unaccent(${containing(q)})`;
