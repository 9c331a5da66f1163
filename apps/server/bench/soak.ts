import autocannon from "autocannon";
import { quantile, type TRequest } from "./load";

export interface TSoakMinute {
  minute: number;
  requests: number;
  p95: number;
  rssMiB: number;
}

export interface TSoak {
  seconds: number;
  rate: number;
  minutes: TSoakMinute[];
  errors: number;
  non2xx: number;
  /** From the end of the first minute (warmed up) to the end: share of growth. */
  memoryGrowth: number;
  p95Drift: number;
  goals: { memoryGrowth: number; p95Drift: number; errors: number };
  met: boolean;
}

const GOALS = { memoryGrowth: 0.1, p95Drift: 0.2, errors: 0 };

/**
 * The list and get-by-id mix at a fixed rate for `seconds`: each minute's p95 and the server's RSS at its end,
 * then how much both moved between the first minute and the last.
 */
export async function soak(options: {
  url: string;
  connections: number;
  seconds: number;
  rate: number;
  requests: TRequest[];
  rssMiB: () => number;
  progress: (minute: TSoakMinute) => void;
}): Promise<TSoak> {
  const started = Date.now();
  const buckets: number[][] = [];
  const minutes: TSoakMinute[] = [];
  const instance = autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    overallRate: options.rate,
    timeout: 30,
    requests: options.requests,
  });
  instance.on("response", (_client: unknown, _status: number, _bytes: number, ms: number) => {
    const minute = Math.floor((Date.now() - started) / 60_000);
    buckets[minute] ??= [];
    buckets[minute].push(ms);
  });
  const closeMinute = (minute: number) => {
    const sorted = (buckets[minute] ?? []).sort((a, b) => a - b);
    const entry = {
      minute: minute + 1,
      requests: sorted.length,
      p95: Math.round(quantile(sorted, 0.95) * 10) / 10,
      rssMiB: options.rssMiB(),
    };
    minutes.push(entry);
    options.progress(entry);
  };
  let minute = 0;
  const timer = setInterval(() => closeMinute(minute++), 60_000);
  const result = await instance;
  clearInterval(timer);
  if (minutes.length < Math.ceil(options.seconds / 60)) closeMinute(minute);
  const first = minutes[0]!;
  const last = minutes[minutes.length - 1]!;
  const memoryGrowth = (last.rssMiB - first.rssMiB) / first.rssMiB;
  const p95Drift = (last.p95 - first.p95) / first.p95;
  const errors = result.errors + result.timeouts;
  return {
    seconds: options.seconds,
    rate: options.rate,
    minutes,
    errors,
    non2xx: result.non2xx,
    memoryGrowth,
    p95Drift,
    goals: GOALS,
    met: memoryGrowth < GOALS.memoryGrowth && p95Drift < GOALS.p95Drift && errors + result.non2xx === 0,
  };
}
