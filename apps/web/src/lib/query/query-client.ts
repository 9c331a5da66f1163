import { QueryClient } from "@tanstack/react-query";
import { isApiError } from "../api/api-error";

/** Retries only what another try can fix: a lost connection or a server-side failure. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (!isApiError(error)) return false;
  return error.code === "CONNECTION_ERROR" || error.status >= 500;
}

interface TQueryClientOptions {
  /**
   * Milliseconds between a failed query's tries; by default TanStack Query's backoff (1 s, then 2 s), which gives a
   * server that stumbled time to recover. Tests pass 0 (src/test/query-client.ts): they still go through every try.
   */
  retryDelay?: number;
}

export function createQueryClient({ retryDelay }: TQueryClientOptions = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        ...(retryDelay === undefined ? {} : { retryDelay }),
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
