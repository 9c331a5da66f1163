import { createRequire } from "node:module";

/**
 * One Newman run, in a process of its own (tests/external-fuzz.spec.ts starts one per role): Newman works in a single
 * thread, so three roles' runs in the test's own process took turns on one core while the other waited. Reads
 * `{ collection, token }` from its parent, sends back Newman's summary reduced to what the test checks.
 */

interface TNewmanSummary {
  run: {
    failures: { source?: { name?: string }; error: { message: string } }[];
    executions: { item: { name: string }; response?: { code: number } }[];
  };
}
type TNewman = {
  run: (options: Record<string, unknown>, done: (error: Error | null, summary: TNewmanSummary) => void) => void;
};

export interface TRunInput {
  collection: unknown;
  token: string;
}

/** What the test reads of a run: every request's name and status (none when unanswered), and the failures. */
export interface TRunOutput {
  executions: { name: string; code?: number }[];
  failures: string[];
}

const newman = createRequire(import.meta.url)("newman") as TNewman;

process.once("message", ({ collection, token }: TRunInput) => {
  newman.run(
    { collection, envVar: [{ key: "bearerToken", value: token }], reporters: [], timeoutRequest: 15_000 },
    (error, summary) => {
      if (error) {
        process.send?.({ error: String(error.stack ?? error) }, () => process.exit(1));
        return;
      }
      const output: TRunOutput = {
        executions: summary.run.executions.map((e) => ({ name: e.item.name, code: e.response?.code })),
        failures: summary.run.failures.map((f) => `${f.source?.name}: ${f.error.message}`),
      };
      process.send?.(output, () => process.exit(0));
    },
  );
});
