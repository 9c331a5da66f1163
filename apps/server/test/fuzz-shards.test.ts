import { describe, expect, it } from "vitest";
import type { TFuzzRoute } from "./fuzz/routes";
import { FUZZ_SHARDS, shardOf } from "./fuzz/suite";

describe("the fuzz test's shards", () => {
  it("put every route in exactly one shard, one file per shard", async () => {
    const fs = await import("node:fs");
    const files = fs.readdirSync(new URL(".", import.meta.url)).filter((f) => /^fuzz-\d+\.test\.ts$/.test(f));
    expect(files.length).toBe(FUZZ_SHARDS);
    const routes = ["GET", "POST", "PATCH", "PUT", "DELETE", "GET", "POST"].map(
      (method, i) => ({ method, url: `/api/r${i}` }) as TFuzzRoute,
    );
    const shards = Array.from({ length: FUZZ_SHARDS }, (_, shard) => shardOf(routes, shard));
    expect(shards.flat().sort((a, b) => a.url.localeCompare(b.url))).toEqual(routes);
    for (const shard of shards) {
      const order = shard.map((r) => ({ GET: 0, PATCH: 1, PUT: 1, POST: 1, DELETE: 2 })[r.method]);
      expect(order).toEqual([...order].sort());
    }
  });
});
