import { createQueryClient } from "../lib/query/query-client";

/**
 * The app's query client, retrying what the app retries (a lost connection, a 5xx: three tries in all) without the
 * seconds of backoff between tries: a test of a failed load would otherwise wait 3 s doing nothing.
 */
export const createTestQueryClient = () => createQueryClient({ retryDelay: 0 });
