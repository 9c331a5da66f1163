import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { timestamps } from "./columns";
import { enterprises } from "./companies";
import { permits } from "./permits";
import { users } from "./users";

/**
 * A gas the enterprise's testers read, with its limits (docs/safety.md, "The atmosphere is tested"): at least one
 * limit, the low under the high. Every enterprise has the four defaults (a trigger on `enterprises`, and the
 * migration for those before it). A gas a test read cannot be deleted (the readings' foreign key): it is disabled.
 */
export const gases = pgTable(
  "gases",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    enterpriseId: uuid("enterprise_id")
      .notNull()
      .references(() => enterprises.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 50 }).notNull(),
    unit: varchar("unit", { length: 50 }).notNull(),
    lowLimit: doublePrecision("low_limit"),
    highLimit: doublePrecision("high_limit"),
    enabled: boolean("enabled").notNull().default(true),
    position: integer("position").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("gases_name_uq").on(t.enterpriseId, sql`lower(${t.name})`),
    check("gases_a_limit", sql`${t.lowLimit} IS NOT NULL OR ${t.highLimit} IS NOT NULL`),
    check("gases_limits_order", sql`${t.lowLimit} IS NULL OR ${t.highLimit} IS NULL OR ${t.lowLimit} < ${t.highLimit}`),
  ],
);

/**
 * One gas test of a permit: who (the caller), when (the server's clock), with which instrument (its calibration
 * date), and the server's verdict. The latest one is also on the permit's row (`gas_tested_at`, `gas_test_passed`)
 * for the start gate and the scheduler's conditions.
 */
export const gasTests = pgTable(
  "gas_tests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    permitId: uuid("permit_id")
      .notNull()
      .references(() => permits.id, { onDelete: "cascade" }),
    testedBy: uuid("tested_by")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    testedAt: timestamp("tested_at", { withTimezone: true }).notNull(),
    instrumentId: varchar("instrument_id", { length: 50 }).notNull(),
    calibratedOn: date("calibrated_on", { mode: "string" }).notNull(),
    passed: boolean("passed").notNull(),
  },
  (t) => [
    index("gas_tests_permit_idx").on(t.permitId, t.testedAt),
    // Never calibrated after the test (a day of slack: the tester's day may be ahead of UTC's).
    check("gas_tests_calibrated_before", sql`${t.calibratedOn} <= (${t.testedAt} AT TIME ZONE 'UTC')::date + 1`),
  ],
);

/** One reading of a test, with the limits it was judged against then (a later change of the gas leaves it). */
export const gasTestReadings = pgTable(
  "gas_test_readings",
  {
    testId: uuid("test_id")
      .notNull()
      .references(() => gasTests.id, { onDelete: "cascade" }),
    gasId: uuid("gas_id")
      .notNull()
      .references(() => gases.id, { onDelete: "restrict" }),
    position: integer("position").notNull(),
    name: varchar("name", { length: 50 }).notNull(),
    unit: varchar("unit", { length: 50 }).notNull(),
    lowLimit: doublePrecision("low_limit"),
    highLimit: doublePrecision("high_limit"),
    value: doublePrecision("value").notNull(),
    passed: boolean("passed").notNull(),
  },
  (t) => [
    primaryKey({ name: "gas_test_readings_pk", columns: [t.testId, t.gasId] }),
    index("gas_test_readings_gas_idx").on(t.gasId),
  ],
);
