/** The part of autocannon's programmatic API the bench uses (the package ships no types). */
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  interface TRawRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface TRequestTemplate extends TRawRequest {
    setupRequest?: (request: TRawRequest, context: Record<string, unknown>) => TRawRequest | undefined;
  }
  interface TOptions {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    maxOverallRequests?: number;
    overallRate?: number;
    timeout?: number;
    headers?: Record<string, string>;
    requests?: TRequestTemplate[];
  }
  interface THistogram {
    average: number;
    mean: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  }
  export interface TResult {
    requests: THistogram;
    latency: THistogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  }
  interface TInstance extends EventEmitter, PromiseLike<TResult> {
    stop(): void;
  }
  function autocannon(options: TOptions): TInstance;
  export default autocannon;
}
