import path from "node:path";
import { z } from "zod";
import { parseTrustProxy, type TTrustProxy } from "./lib/trust-proxy";

/**
 * Every environment variable the server reads, parsed once at start. Nothing else in the server
 * reads process.env. Relative paths are taken from where npm was invoked (INIT_CWD), so
 * `npm start` at the repository root keeps its data in ./data there.
 */
const ZEnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default("127.0.0.1"),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z.url().optional(),
    PUBLIC_URL: z.url().optional(),
    SMTP_URL: z.url().optional(),
    MAIL_FROM: z.string().min(3).default("OpenPermit <no-reply@openpermit.local>"),
    JWT_SECRET: z.string().min(32, "JWT_SECRET must be at least 32 characters").optional(),
    ADMIN_EMAIL: z.email().default("admin@openpermit.local"),
    ADMIN_PASSWORD: z.string().min(8, "ADMIN_PASSWORD must be at least 8 characters").optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    TRUST_PROXY: z.string().optional(),
    WEB_DIST: z.string().optional(),
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
    AUTH_CODE_LIMIT_PER_15_MINUTES: z.coerce.number().int().min(1).default(20),
    MAIL_LIMIT_PER_ACCOUNT_PER_HOUR: z.coerce.number().int().min(1).default(50),
    MAIL_LIMIT_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(20),
    STORAGE_QUOTA_MB: z.coerce.number().int().min(1).default(2048),
  })
  // Read with HOST: a number of proxies is taken only on a loopback address (lib/trust-proxy.ts).
  .transform((e, ctx) => {
    const trust = parseTrustProxy(e.TRUST_PROXY, e.HOST);
    if ("value" in trust) return { ...e, TRUST_PROXY: trust.value };
    ctx.addIssue({ code: "custom", path: ["TRUST_PROXY"], message: trust.error });
    return z.NEVER;
  });

export interface TConfig {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The origin people use to reach the app: links in e-mails, the refresh-token origin check. */
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  jwtSecret: string | undefined;
  adminEmail: string;
  adminPassword: string | undefined;
  logLevel: string;
  /** The reverse proxies whose X-Forwarded-* headers are believed: none, a number of hops, or their addresses. */
  trustProxy: TTrustProxy;
  webDist: string;
  /** API requests per minute from one address (sign-in and code endpoints have tighter limits of their own). */
  rateLimitPerMinute: number;
  /** Requests to each code, e-mail and account-completion endpoint from one address per 15 minutes. */
  authCodeLimitPer15Minutes: number;
  /**
   * E-mails one signed-in account may cause per hour (invitations, affiliation notices…), and e-mails asked for per
   * hour from one client address on the public routes (sign-up, codes, reset): docs/decisions.md, "How many e-mails
   * a route may cause".
   */
  mailLimits: { perAccountPerHour: number; perAddressPerHour: number };
  /** The bytes of files one company's people may have stored at once (docs/decisions.md, "Storage quotas"). */
  storageQuotaBytes: number;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): TConfig {
  const parsed = ZEnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const base = env.INIT_CWD ?? process.cwd();
  const port = e.PORT;
  return {
    env: e.NODE_ENV,
    port,
    host: e.HOST,
    dataDir: path.resolve(base, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ""),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    jwtSecret: e.JWT_SECRET,
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    authCodeLimitPer15Minutes: e.AUTH_CODE_LIMIT_PER_15_MINUTES,
    mailLimits: {
      perAccountPerHour: e.MAIL_LIMIT_PER_ACCOUNT_PER_HOUR,
      perAddressPerHour: e.MAIL_LIMIT_PER_ADDRESS_PER_HOUR,
    },
    storageQuotaBytes: e.STORAGE_QUOTA_MB * 1024 * 1024,
    webDist: e.WEB_DIST ? path.resolve(base, e.WEB_DIST) : path.resolve(import.meta.dirname, "../../web/dist"),
  };
}
