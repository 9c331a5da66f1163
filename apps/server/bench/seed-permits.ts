import type { TPermitStatus } from "@openpermit/shared";
import type pg from "pg";

/** How the permits end up, in thousandths: most are closed, a tenth waits on someone. */
const STATUS_SHARES: [TPermitStatus, number][] = [
  ["pending", 70],
  ["sended", 70],
  ["Recheck", 25],
  ["Confirmed", 50],
  ["Approved", 50],
  ["accepted", 60],
  ["In_progress", 70],
  ["Ended", 495],
  ["Canceled", 60],
  ["Failed", 50],
];

/** The history each final status implies (action, from, to), as the workflow would have written it. */
const PATHS: Record<TPermitStatus, [string, TPermitStatus][]> = {
  pending: [["create", "pending"]],
  sended: [
    ["create", "pending"],
    ["send", "sended"],
  ],
  Recheck: [
    ["create", "pending"],
    ["send", "sended"],
    ["recheck", "Recheck"],
  ],
  Confirmed: [
    ["create", "pending"],
    ["send", "sended"],
    ["verify", "Confirmed"],
  ],
  Approved: [
    ["create", "pending"],
    ["send", "sended"],
    ["verify", "Confirmed"],
    ["approve", "Approved"],
  ],
  accepted: [
    ["create", "pending"],
    ["send", "sended"],
    ["verify", "Confirmed"],
    ["approve", "Approved"],
    ["accept", "accepted"],
  ],
  In_progress: [
    ["create", "pending"],
    ["send", "sended"],
    ["verify", "Confirmed"],
    ["approve", "Approved"],
    ["accept", "accepted"],
    ["start", "In_progress"],
  ],
  Ended: [
    ["create", "pending"],
    ["send", "sended"],
    ["verify", "Confirmed"],
    ["approve", "Approved"],
    ["accept", "accepted"],
    ["start", "In_progress"],
    ["end", "Ended"],
  ],
  Canceled: [
    ["create", "pending"],
    ["send", "sended"],
    ["verify", "Confirmed"],
    ["approve", "Approved"],
    ["accept", "accepted"],
    ["cancel", "Canceled"],
  ],
  Failed: [
    ["create", "pending"],
    ["send", "sended"],
    ["reject", "Failed"],
  ],
};

const TITLES = [
  "Replace the valve",
  "Weld the flange",
  "Inspect the tank roof",
  "Clean the heat exchanger",
  "Repair the pump seal",
  "Paint the pipe rack",
  "Erect a scaffold",
  "Isolate the motor",
  "Calibrate the analyser",
  "Change the filter",
  "Repair the cable tray",
  "Excavate for the drain",
  "Lift the compressor",
  "Replace the gasket",
  "Test the alarm",
  "Insulate the line",
  "Grind the weld seam",
  "Enter the vessel",
  "Replace the lighting",
  "Survey the foundation",
];
const PLACES = ["on the crude unit", "at the jetty", "in the tank farm", "near the flare", "in the boiler house"];
const DETAILS = [
  "Isolate, drain and purge before opening; gas test every two hours.",
  "Hot work: fire watch for thirty minutes after the last spark.",
  "Harness and lanyard above two metres; barrier the area below.",
  "Lock out and tag out at the MCC; prove dead before touching.",
  "Crane lift plan signed; exclusion zone around the load.",
];

const cases = (expression: string) => {
  let from = 0;
  const arms = STATUS_SHARES.map(([status, share]) => {
    from += share;
    return `WHEN ${expression} < ${from} THEN '${status}'`;
  });
  return `(CASE ${arms.join(" ")} ELSE 'Ended' END)::permit_status`;
};

/** The positions the permits pick their sector, work type and author from (temporary, this session only). */
async function pickTables(client: pg.ClientBase) {
  await client.query(`CREATE TEMP TABLE bench_sectors ON COMMIT DROP AS
    SELECT (row_number() OVER (ORDER BY en.email, dv.name, se.number) - 1)::int AS i, se.id, se.enterprise_id, se.division_id,
           (SELECT ss.id FROM sub_sectors ss WHERE ss.sector_id = se.id ORDER BY ss.name LIMIT 1) AS sub_sector_id,
           (SELECT u.id FROM users u WHERE u.division_id = se.division_id AND u.email LIKE 'responsible-%-1@%') AS verifier,
           (SELECT u.id FROM users u WHERE u.division_id = se.division_id AND u.email LIKE 'responsible-%-2@%') AS approver,
           (SELECT u.id FROM users u WHERE u.division_id = se.division_id AND u.email LIKE 'responsible-%-3@%') AS insider,
           (SELECT count(*) FROM affiliations a JOIN users u ON u.supplier_id = a.supplier_id
             WHERE a.enterprise_id = se.enterprise_id AND a.status = 'affiliated')::int AS authors
    FROM sectors se JOIN divisions dv ON dv.id = se.division_id JOIN enterprises en ON en.id = se.enterprise_id
    WHERE en.email LIKE '%@bench.openpermit.test'`);
  await client.query(`CREATE TEMP TABLE bench_work_types ON COMMIT DROP AS
    SELECT (row_number() OVER (PARTITION BY enterprise_id ORDER BY name) - 1)::int AS j, id, enterprise_id FROM work_types`);
  await client.query(`CREATE TEMP TABLE bench_authors ON COMMIT DROP AS
    SELECT (row_number() OVER (PARTITION BY a.enterprise_id ORDER BY u.email) - 1)::int AS j, a.enterprise_id,
           u.id AS user_id, u.supplier_id
    FROM affiliations a JOIN users u ON u.supplier_id = a.supplier_id WHERE a.status = 'affiliated'`);
  await client.query(`CREATE TEMP TABLE bench_cells ON COMMIT DROP AS
    SELECT p.enterprise_id, p.rank AS p_rank, s.rank AS s_rank, p.id AS probability_id, s.id AS severity_id,
           cl.name, cl.colour, cl.flow
    FROM matrix_cells mc JOIN matrix_axis_levels p ON p.id = mc.probability_id
    JOIN matrix_axis_levels s ON s.id = mc.severity_id JOIN criticality_levels cl ON cl.id = mc.level_id`);
  // Temporary tables have no statistics until analysed: without them the planner guessed badly (25 s for 5 000).
  await client.query("ANALYZE bench_sectors, bench_work_types, bench_authors, bench_cells");
  const { rows } = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM bench_sectors");
  return { sectors: rows[0]?.n ?? 1 };
}

/**
 * Permits `from`..`to` (the series number g decides everything, so a run is reproducible): spread over the
 * bench's enterprises, sectors, work types, contractors and the last two years, one in ten internal. With
 * `sendedIn` they are all `sended` permits of that one sector (the bench's verify route uses each once).
 */
export async function seedPermits(
  client: pg.ClientBase,
  range: { from: number; to: number },
  sendedIn?: { sectorIndex: number },
): Promise<void> {
  const { sectors } = await pickTables(client);
  const hash = "((g::bigint * 2654435761) % 1000)";
  const status = sendedIn ? `'sended'::permit_status` : cases(hash);
  const sectorPick = sendedIn ? `${sendedIn.sectorIndex}` : `g % ${sectors}`;
  // The permits to verify each get an hour of their own, a month ahead: verifying one that overlaps another live
  // permit at its place is refused until each clash is acknowledged (409), and the bench measures the plain verify.
  const startAt = sendedIn
    ? `date_trunc('hour', now()) + interval '30 days' + (g - $4::int) * interval '1 hour'`
    : `CASE WHEN st = 'pending' AND g % 5 = 0 THEN NULL ELSE created + interval '7 hours' + (1 + g % 14) * interval '1 day' END`;
  const endAt = sendedIn
    ? `date_trunc('hour', now()) + interval '30 days' + (g - $4::int + 1) * interval '1 hour'`
    : `CASE WHEN st = 'pending' AND g % 5 = 0 THEN NULL ELSE created + interval '7 hours' + (1 + g % 14) * interval '1 day' + (4 + g % 68) * interval '1 hour' END`;
  await client.query(
    `INSERT INTO permits (enterprise_id, division_id, sector_id, sub_sector_id, work_type_id, supplier_id, internal,
       created_by, status, document_number, task_title, job_description, start_at, end_at, probability_id, severity_id,
       level_name, level_colour, level_flow, answers, sent_at, verified_by, verified_at, approved_by, approved_at,
       created_at, updated_at)
     SELECT bs.enterprise_id, bs.division_id, bs.id, bs.sub_sector_id, wt.id,
       CASE WHEN internal THEN NULL ELSE au.supplier_id END, internal,
       CASE WHEN internal THEN bs.insider ELSE au.user_id END, st,
       CASE WHEN st <> 'pending' THEN 'PTW-' || extract(year FROM created)::int || '-' || lpad(g::text, greatest(6, length(g::text)), '0') END,
       ($1::text[])[1 + g % 20] || ' ' || ($2::text[])[1 + (g / 20) % 5] || ' (tag ' || chr(65 + g % 26) || chr(65 + (g / 26) % 26) || chr(65 + (g / 676) % 26) || '-' || (g % 9973) || ')',
       ($3::text[])[1 + (g / 3) % 5] || ' Work order ' || g || '.',
       ${startAt}, ${endAt},
       bc.probability_id, bc.severity_id,
       CASE WHEN st <> 'pending' THEN bc.name END, CASE WHEN st <> 'pending' THEN bc.colour END,
       CASE WHEN st <> 'pending' THEN bc.flow END,
       '{"qualificationsAndTools": true, "jsaComplete": true, "newRiskPossible": false}'::jsonb,
       CASE WHEN st <> 'pending' THEN created + interval '3 hours' END,
       CASE WHEN st NOT IN ('pending', 'sended', 'Recheck', 'Failed') THEN bs.verifier END,
       CASE WHEN st NOT IN ('pending', 'sended', 'Recheck', 'Failed') THEN created + interval '6 hours' END,
       CASE WHEN st IN ('Approved', 'accepted', 'In_progress', 'Ended', 'Canceled') THEN bs.approver END,
       CASE WHEN st IN ('Approved', 'accepted', 'In_progress', 'Ended', 'Canceled') THEN created + interval '9 hours' END,
       created, created
     FROM generate_series($4::int, $5::int) g
     CROSS JOIN LATERAL (SELECT ${status} AS st, g % 10 = 0 AND $6::boolean AS internal,
       now() - ((g::bigint * 7919) % (730 * 24 * 60)) * interval '1 minute' AS created) pick
     JOIN bench_sectors bs ON bs.i = ${sectorPick}
     JOIN bench_work_types wt ON wt.enterprise_id = bs.enterprise_id AND wt.j = (g / 40) % 6
     JOIN bench_authors au ON au.enterprise_id = bs.enterprise_id AND au.j = (g / 7) % bs.authors
     JOIN bench_cells bc ON bc.enterprise_id = bs.enterprise_id AND bc.p_rank = 1 + (g / 3) % 5 AND bc.s_rank = 1 + (g / 11) % 5`,
    [TITLES, PLACES, DETAILS, range.from, range.to, !sendedIn],
  );
}

/** Every permit's history (without one yet), from the path its status implies. */
export async function seedHistory(client: pg.ClientBase): Promise<void> {
  const steps = Object.entries(PATHS).flatMap(([status, path]) =>
    path.map(([action, to], n) => ({ status, n, action, from: n === 0 ? null : path[n - 1]![1], to })),
  );
  await client.query(
    `INSERT INTO permit_events (permit_id, action, from_status, to_status, actor_id, created_at)
     SELECT p.id, s.action::permit_event_action, s."from"::permit_status, s."to"::permit_status,
       CASE WHEN s.action IN ('verify', 'recheck', 'reject') THEN coalesce(p.verified_by, p.created_by)
            WHEN s.action = 'approve' THEN p.approved_by ELSE p.created_by END,
       p.created_at + s.n * interval '3 hours'
     FROM permits p
     JOIN jsonb_to_recordset($1::jsonb) AS s(status text, n int, action text, "from" text, "to" text)
       ON s.status = p.status::text
     WHERE NOT EXISTS (SELECT 1 FROM permit_events e WHERE e.permit_id = p.id)`,
    [JSON.stringify(steps)],
  );
}
