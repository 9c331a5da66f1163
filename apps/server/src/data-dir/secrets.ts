import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

interface TSecrets {
  jwtSecret: string;
  embeddedPgPassword: string;
}

/**
 * Secrets the server generates for itself when none are given, kept in DATA_DIR/secrets.json
 * (mode 0600) so tokens and the embedded database survive a restart.
 */
export function loadOrCreateSecrets(dataDir: string): TSecrets {
  const file = path.join(dataDir, "secrets.json");
  let stored: Partial<TSecrets> = {};
  if (fs.existsSync(file)) {
    stored = JSON.parse(fs.readFileSync(file, "utf8")) as Partial<TSecrets>;
  }
  const secrets: TSecrets = {
    jwtSecret: stored.jwtSecret ?? randomBytes(48).toString("base64url"),
    embeddedPgPassword: stored.embeddedPgPassword ?? randomBytes(24).toString("base64url"),
  };
  if (stored.jwtSecret !== secrets.jwtSecret || stored.embeddedPgPassword !== secrets.embeddedPgPassword) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets;
}
