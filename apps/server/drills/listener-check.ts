import pg from "pg";

/**
 * Opens the caller's notification stream, so the server LISTENs (the hub listens once a stream is open), and keeps
 * reading it; returns how to close it.
 */
export async function openNotificationStream(url: string, token: string): Promise<() => void> {
  const ticket = await fetch(`${url}/api/notifications/stream-ticket`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
  });
  const { data } = (await ticket.json()) as { data: { ticket: string } };
  const abort = new AbortController();
  const stream = await fetch(`${url}/api/notifications/stream?ticket=${encodeURIComponent(data.ticket)}`, {
    signal: abort.signal,
  });
  if (stream.status !== 200 || !stream.body) throw new Error(`the notification stream answered ${stream.status}`);
  const reader = stream.body.getReader();
  void (async () => {
    while (!(await reader.read().catch(() => ({ done: true }))).done) {
      // Heartbeats and events: read only so the server's writes never back up.
    }
  })();
  return () => abort.abort();
}

/**
 * Milliseconds until a LISTEN connection opened after `since` (epoch ms) shows in pg_stat_activity, or Infinity
 * after `limitMs`: the server's notification listener is back after the database restart.
 */
export async function waitForListener(databaseUrl: string, since: number, limitMs: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    const client = new pg.Client({ connectionString: databaseUrl });
    try {
      await client.connect();
      const { rows } = await client.query(
        `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN %'
            AND backend_start >= to_timestamp($1::double precision / 1000)`,
        [since],
      );
      if (rows.length > 0) return Math.round(performance.now() - started);
    } catch {
      // PostgreSQL still coming up: ask again.
    } finally {
      await client.end().catch(() => undefined);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return Number.POSITIVE_INFINITY;
}
