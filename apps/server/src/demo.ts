import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from "./demo/seed";
import { runServer } from "./run-server";

/**
 * `npm run demo`: the app on its own data directory (./data-demo), seeded with a demo enterprise,
 * a division, a supplier with an employee, and one account for each role. The environment can
 * still override any of these defaults.
 */
await runServer(
  { DATA_DIR: "./data-demo", ADMIN_EMAIL: DEMO_ACCOUNTS.Admin.email, ADMIN_PASSWORD: DEMO_PASSWORD },
  seedDemo,
);
