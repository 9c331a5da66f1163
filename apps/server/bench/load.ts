import autocannon, { type TResult } from "autocannon";

export type TRequest = NonNullable<Parameters<typeof autocannon>[0]["requests"]>[number];

export interface TFigures {
  requests: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** The q-th quantile (0..1) of latencies sorted ascending, in ms. */
export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
}

export function figuresOf(latencies: number[], seconds: number, errors: number, non2xx: number): TFigures {
  const sorted = [...latencies].sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    requests: sorted.length,
    seconds,
    perSecond: Math.round(sorted.length / seconds),
    p50: round(quantile(sorted, 0.5)),
    p95: round(quantile(sorted, 0.95)),
    p99: round(quantile(sorted, 0.99)),
    errors,
    non2xx,
  };
}

/**
 * One autocannon run. Latencies are taken from each response (autocannon's own histogram has no p95): at a fixed
 * `overallRate` they are service times, not corrected for coordinated omission.
 */
export async function load(options: {
  url: string;
  connections: number;
  duration: number;
  requests: TRequest[];
  maxOverallRequests?: number;
  overallRate?: number;
}): Promise<TFigures & { result: TResult }> {
  const latencies: number[] = [];
  const instance = autocannon({ ...options, timeout: 30 });
  instance.on("response", (_client: unknown, _status: number, _bytes: number, ms: number) => latencies.push(ms));
  const result = await instance;
  return { ...figuresOf(latencies, result.duration, result.errors, result.non2xx), result };
}
