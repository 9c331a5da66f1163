import { fuzzShard } from "./fuzz/suite";

// Shard 3 of 3 of the API fuzz test (test/fuzz/suite.ts): the shards together fuzz every JSON route once.
fuzzShard(2);
