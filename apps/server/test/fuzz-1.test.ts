import { fuzzShard } from "./fuzz/suite";

// Shard 1 of 3 of the API fuzz test (test/fuzz/suite.ts): the shards together fuzz every JSON route once.
fuzzShard(0);
