const preparedByDatabase = new WeakMap<object, Map<string, unknown>>();

/**
 * A prepared query built once per database handle and kept: building a large drizzle query costs more CPU than
 * PostgreSQL spends running it (half the server's time on a permit read, docs/performance.md). It runs as a named
 * prepared statement, so each pooled connection also parses and plans it once (for a permit read, parsing and
 * planning took five times longer than running). `build` receives the statement's name and must give a query whose
 * values are all `sql.placeholder`s, filled at `execute`. Only for queries whose plan does not depend on the values
 * (lookups by id): after five runs PostgreSQL may keep one generic plan.
 */
export function preparedOnce<T>(db: object, key: string, build: (name: string) => T): T {
  let prepared = preparedByDatabase.get(db);
  if (!prepared) {
    prepared = new Map();
    preparedByDatabase.set(db, prepared);
  }
  if (!prepared.has(key)) prepared.set(key, build(`p_${key.replace(/[^a-zA-Z0-9_]/g, "_")}`));
  return prepared.get(key) as T;
}
