import { loadConfig } from "./config";
import type { TContext } from "./context";
import { withoutParams } from "./lib/log-errors";
import { createLogger, startServer, type TRunningServer } from "./server";

/**
 * The server with its configuration from the environment (`overrides` only where it says nothing); stops cleanly on
 * SIGINT/SIGTERM. `npm start` runs it from main.ts, the demo from demo.ts with its seed.
 */
export async function runServer(overrides: Record<string, string> = {}, seed?: (ctx: TContext) => Promise<void>) {
  let config: ReturnType<typeof loadConfig>;
  try {
    // Defaults given by a caller (the demo) apply only where the environment says nothing.
    config = loadConfig({ ...overrides, ...process.env });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  const log = createLogger(config);
  let server: TRunningServer;
  try {
    server = await startServer(config, { log, ...(seed ? { seed } : {}) });
  } catch (error) {
    log.fatal({ err: error }, error instanceof Error ? withoutParams(error.message) : "could not start");
    process.exit(1);
  }
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      log.warn("second signal: exiting now");
      process.exit(1);
    }
    stopping = true;
    log.info({ signal }, "shutting down");
    await server.stop();
    log.info("stopped");
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}
