import { createHash } from "node:crypto";

/** The hash of the first entry's predecessor: a chain starts from 64 zeros. */
export const GENESIS_HASH = "0".repeat(64);

/** Every field an entry's hash covers, as stored (and as read back for verification). */
export interface THashedEntry {
  chain: string;
  seq: number;
  at: Date;
  actorId: string | null;
  actorRole: string | null;
  actorLabel: string | null;
  enterpriseId: string | null;
  action: string;
  objectType: string | null;
  objectId: string | null;
  details: unknown;
  ip: string | null;
  prevHash: string;
}

/** JSON with object keys sorted at every depth: jsonb reorders keys, so the stored order cannot be the hashed one. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value).sort();
    const record = value as Record<string, unknown>;
    return `{${keys
      .filter((key) => record[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

/** sha256 (hex) over the entry's fields in a fixed order, the previous entry's hash included. */
export function entryHash(entry: THashedEntry): string {
  const fields = [
    entry.chain,
    entry.seq,
    entry.at.toISOString(),
    entry.actorId,
    entry.actorRole,
    entry.actorLabel,
    entry.enterpriseId,
    entry.action,
    entry.objectType,
    entry.objectId,
    entry.details ?? {},
    entry.ip,
    entry.prevHash,
  ];
  return createHash("sha256").update(canonicalJson(fields)).digest("hex");
}
