import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import PgBoss from "pg-boss";
import pino from "pino";
import type { TestProject } from "vitest/node";
import { connectDatabase } from "../src/db/client";
import { startEmbeddedDatabase } from "../src/db/embedded";
import { runMigrations } from "../src/db/migrate";

declare module "vitest" {
  export interface ProvidedContext {
    /** A PostgreSQL URL whose database part the helpers replace (they create one database per test file). */
    pgServerUrl: string;
    templateDatabase: string;
    /** What this run's databases are named from: two runs on one server (two checkouts) never touch each other's. */
    databasePrefix: string;
  }
}

/** This run's: `op_test_<pid>_`, so that a run's set-up and clean-up leave another run's databases alone. */
const PREFIX = `op_test_${process.pid}_`;
const TEMPLATE = `${PREFIX}template`;

const withDatabase = (url: string, database: string) => {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
};

/**
 * One PostgreSQL for the whole run: the embedded one in a temporary directory, or TEST_DATABASE_URL.
 * A template database is migrated once (schema and job queue); each test file clones it.
 */
export default async function setup(project: TestProject) {
  const log = pino({ level: "warn" });
  let stop = async () => {};
  let serverUrl = process.env.TEST_DATABASE_URL;
  let dir: string | undefined;
  if (!serverUrl) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "openpermit-test-"));
    fs.chmodSync(dir, 0o755);
    const embedded = await startEmbeddedDatabase(dir, "test-password", log);
    serverUrl = embedded.url;
    stop = embedded.stop;
  }
  const admin = new pg.Client({ connectionString: withDatabase(serverUrl, "postgres") });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE}`);
  const templateUrl = withDatabase(serverUrl, TEMPLATE);
  const database = connectDatabase(templateUrl, 2);
  await runMigrations(database);
  await database.pool.end();
  const boss = new PgBoss({ connectionString: templateUrl, supervise: false, schedule: false });
  await boss.start();
  await boss.stop({ graceful: false, wait: true });
  // Not kept open for the teardown: the PostgreSQL restart drill (crash-drill.test.ts) restarts the server.
  await admin.end();

  project.provide("pgServerUrl", serverUrl);
  project.provide("templateDatabase", TEMPLATE);
  project.provide("databasePrefix", PREFIX);

  return async () => {
    const admin = new pg.Client({ connectionString: withDatabase(serverUrl, "postgres") });
    await admin.connect();
    const leftovers = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE starts_with(datname, $1)",
      [PREFIX],
    );
    for (const { datname } of leftovers.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await admin.end();
    await stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  };
}
