import { type AnyColumn, getTableName, type SQL, sql } from "drizzle-orm";

/**
 * A column as `"table"."column"`. Drizzle leaves columns unqualified in the select list of a one-table
 * query, which inside a correlated subquery would bind to the subquery's own table.
 */
export const qualified = (column: AnyColumn): SQL =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
