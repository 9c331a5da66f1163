import { sql } from "drizzle-orm";
import type { TDb } from "../../db/client";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every id in a value: a string that is one, or inside arrays and objects (an entry's details). */
function collectIds(value: unknown, into: Set<string>) {
  if (typeof value === "string") {
    if (UUID.test(value)) into.add(value.toLowerCase());
  } else if (Array.isArray(value)) {
    for (const item of value) collectIds(item, into);
  } else if (value && typeof value === "object") {
    for (const item of Object.values(value)) collectIds(item, into);
  }
}

/**
 * What an auditor reads instead of an id: a permit's document number (a draft's title in quotes), a person's,
 * place's or company's name, an isolation point's tag — for every id an entry names (its object and its details),
 * in one query for a page of entries. Only the enterprise's own things (and the people and companies of its
 * contractors) are named: an id of anyone else's stays an id. The names are today's (a renamed sector reads with its
 * new name); the entry itself, hashed into the chain, keeps the ids.
 */
export async function labelsOf(
  db: TDb,
  enterpriseId: string,
  entries: { objectId: string | null; details: Record<string, unknown> }[],
): Promise<Map<string, string>> {
  const ids = new Set<string>();
  for (const entry of entries) collectIds([entry.objectId, entry.details], ids);
  if (ids.size === 0) return new Map();
  // Every member matched UUID above: the array literal holds nothing else.
  const list = `{${[...ids].join(",")}}`;
  const { rows } = await db.execute<{ id: string; label: string }>(sql`
    WITH wanted AS (SELECT unnest(${list}::uuid[]) AS id),
    contractors AS (SELECT supplier_id FROM affiliations WHERE enterprise_id = ${enterpriseId})
    SELECT p.id::text AS id, coalesce(p.document_number, '“' || p.task_title || '”') AS label
      FROM permits p JOIN wanted USING (id) WHERE p.enterprise_id = ${enterpriseId}
    UNION ALL
    SELECT u.id::text, u.name FROM users u JOIN wanted USING (id)
      WHERE u.enterprise_id = ${enterpriseId} OR u.supplier_id IN (SELECT supplier_id FROM contractors)
    UNION ALL
    SELECT d.id::text, d.name FROM divisions d JOIN wanted USING (id) WHERE d.enterprise_id = ${enterpriseId}
    UNION ALL
    SELECT s.id::text, s.name FROM sectors s JOIN wanted USING (id) WHERE s.enterprise_id = ${enterpriseId}
    UNION ALL
    SELECT ss.id::text, ss.name FROM sub_sectors ss JOIN wanted USING (id)
      JOIN sectors s ON s.id = ss.sector_id WHERE s.enterprise_id = ${enterpriseId}
    UNION ALL
    SELECT i.id::text, i.tag FROM isolation_points i JOIN wanted USING (id) WHERE i.enterprise_id = ${enterpriseId}
    UNION ALL
    SELECT g.id::text, g.name FROM gases g JOIN wanted USING (id) WHERE g.enterprise_id = ${enterpriseId}
    UNION ALL
    SELECT e.id::text, e.name FROM enterprises e JOIN wanted USING (id) WHERE e.id = ${enterpriseId}
    UNION ALL
    SELECT c.id::text, c.name FROM suppliers c JOIN wanted USING (id)
      WHERE c.id IN (SELECT supplier_id FROM contractors)
  `);
  return new Map(rows.map((r) => [r.id, r.label]));
}

/** The labels of one entry's ids (what the page's lookup found of them). */
export function labelsFor(
  labels: Map<string, string>,
  entry: { objectId: string | null; details: Record<string, unknown> },
): Record<string, string> {
  const ids = new Set<string>();
  collectIds([entry.objectId, entry.details], ids);
  return Object.fromEntries([...ids].flatMap((id) => (labels.has(id) ? [[id, labels.get(id)!]] : [])));
}
