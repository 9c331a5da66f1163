import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { SQL } from "../bench/limit-sql";
import { clashQuery } from "../src/modules/clashes/detect";

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
});
