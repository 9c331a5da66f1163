import { ZPermitListQuerySchema } from "@openpermit/shared";
import { drizzle } from "drizzle-orm/node-postgres";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { SQL } from "../bench/limit-sql";
import type { TContext } from "../src/context";
import { clashQuery } from "../src/modules/clashes/detect";
import { summariesByIdsQuery } from "../src/modules/permits/list.read";
import { pageIdsQuery } from "../src/modules/permits/list.service";

/**
 * The bench's limit runs the app's own statements (docs/performance.md, "The limit"): those the app builds from
 * code the limit can reach are compared with the recorded text here, so that a change to the app's query fails until
 * the recording follows it.
 */
describe("the limit's recorded statements", () => {
  it("run the clash check the app runs", () => {
    const at = new Date("2027-03-20T15:00:00Z");
    const { sql } = new PgDialect().sqlToQuery(
      clashQuery("permit", { enterpriseId: "enterprise", startAt: at, endAt: at }),
    );
    expect(SQL.clashes).toBe(sql);
  });

  it("read a page's list rows with the app's statement", () => {
    const { sql, params } = summariesByIdsQuery(drizzle.mock() as never, "principal").toSQL();
    expect(SQL.permitSummariesByIds).toBe(sql);
    // What the limit passes: the draft statuses, then the page's ids.
    expect(params.slice(0, 2)).toEqual(["pending", "Recheck"]);
    expect(params).toHaveLength(3);
  });

  it("choose a page of the list with the app's statements, filtered and searching a code", () => {
    const ctx = { db: drizzle.mock() } as unknown as TContext;
    const enterprise = {
      side: "principal",
      role: "Enterprise",
      userId: "u-1",
      enterpriseId: "e-1",
      divisionId: null,
    } as const;
    const appText = (query: Record<string, string>) =>
      pageIdsQuery(ctx, enterprise, ZPermitListQuerySchema.parse(query), [], true).toSQL().sql;
    const filtered = {
      status: "accepted,In_progress,Ended,Canceled",
      sectorId: "5f1c1a52-2a55-4f53-9a57-4b5d6e1f2a3b",
      from: "2025-11-27T04:10:59.842Z",
      to: "2026-11-27T04:10:59.844Z",
      q: "gas test",
      pageSize: "50",
    };
    // The app pages with an offset; the limit, answering page 1 only, does not.
    const withoutOffset = (text: string) => text.replace(/ offset \$\d+$/, "");
    expect(withoutOffset(appText(filtered))).toBe(SQL.pageIdsFiltered);
    expect(withoutOffset(appText({ q: "QKB", pageSize: "50" }))).toBe(SQL.pageIdsSearch);
  });
});
