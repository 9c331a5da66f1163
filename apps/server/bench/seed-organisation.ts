import type pg from "pg";

/** The bench's accounts (all with BENCH_PASSWORD): enterprise e's are numbered from 1. */
export const BENCH_PASSWORD = "Bench-Permit-2026";
export const benchEmail = {
  enterprise: (e: number) => `enterprise-${e}@bench.openpermit.test`,
  /** Responsible r (1..3) of division d (1..2) of enterprise e: r1 verifies, r2 approves, r3 does both. */
  responsible: (e: number, d: number, r: number) => `responsible-${e}-${d}-${r}@bench.openpermit.test`,
  supplier: (s: number) => `supplier-${s}@bench.openpermit.test`,
  /** Verifier v (1..BENCH_SHAPE.verifiers) of enterprise 1's North Plant, where the permits to verify are. */
  verifier: (v: number) => `verifier-${v}@bench.openpermit.test`,
};

export const BENCH_SHAPE = {
  enterprises: 5,
  divisionsPerEnterprise: 2,
  sectorsPerDivision: 4,
  workTypesPerEnterprise: 6,
  suppliers: 40,
  employeesPerSupplier: 4,
  /** Each enterprise works with this many contractors (supplier s with enterprises s mod 5 and s+1 mod 5…). */
  affiliationsPerEnterprise: 16,
  /**
   * Responsibles who verify in enterprise 1's North Plant, one per connection of the verify route: one person's
   * signatures are throttled (five unsettled attempts lock signing, signer.ts), so 50 verifies at once are 50 people.
   */
  verifiers: 50,
};

const WORK_TYPES = ["Hot work", "Confined space", "Work at height", "Electrical isolation", "Excavation", "Lifting"];
const LEVELS = [
  { name: "Low", colour: "#2f9e44", flow: "verify" },
  { name: "Medium", colour: "#f08c00", flow: "verify_and_approve" },
  { name: "High", colour: "#e03131", flow: "verify_and_approve" },
];

/**
 * The companies, people, sectors, work types, risk matrices, permissions and affiliations, in a handful of
 * set-based statements. Everything is named so the permits' seed can pick from it by position.
 */
export async function seedOrganisation(client: pg.ClientBase, passwordHash: string): Promise<void> {
  const s = BENCH_SHAPE;
  const q = (text: string, values: unknown[] = []) => client.query(text, values);
  await q(
    `INSERT INTO enterprises (name, email, phone, address, status)
     SELECT 'Bench Industries ' || e, 'enterprise-' || e || '@bench.openpermit.test', '+33 4 72 00 00 0' || e,
            e || ' avenue du Banc, Lyon', 'active'
     FROM generate_series(1, $1) e`,
    [s.enterprises],
  );
  // The enterprise's number is the one in its e-mail; the helpers below read it back from there.
  const enterpriseNo = `substring(en.email from 'enterprise-([0-9]+)@')::int`;
  await q(
    `INSERT INTO enterprise_permit_accounts (enterprise_id, next_number, credits_total, credits_used)
     SELECT id, 1000000, 10000000, 0 FROM enterprises en WHERE email LIKE '%@bench.openpermit.test'`,
  );
  await q(
    `INSERT INTO divisions (enterprise_id, name, description, address, province, postal_code, country)
     SELECT en.id, (ARRAY['North Plant','South Terminal','East Works'])[d], 'Division ' || d || ' of ' || en.name,
            'Zone ' || d, 'Rhône', '6900' || d, 'France'
     FROM enterprises en, generate_series(1, $1) d WHERE en.email LIKE '%@bench.openpermit.test'`,
    [s.divisionsPerEnterprise],
  );
  const divisionNo = `(CASE dv.name WHEN 'North Plant' THEN 1 WHEN 'South Terminal' THEN 2 ELSE 3 END)`;
  await q(
    `INSERT INTO sectors (enterprise_id, division_id, name, number, gathering_point)
     SELECT dv.enterprise_id, dv.id,
            (ARRAY['Crude distillation','Tank farm','Jetty','Boiler house','Cooling towers','Flare area'])[n] || ' ' || ${divisionNo},
            n, 'Assembly point ' || n
     FROM divisions dv JOIN enterprises en ON en.id = dv.enterprise_id, generate_series(1, $1) n
     WHERE en.email LIKE '%@bench.openpermit.test'`,
    [s.sectorsPerDivision],
  );
  await q(
    `INSERT INTO sub_sectors (sector_id, name, x, y)
     SELECT se.id, 'Point ' || k, 0.2 * k, 0.3 * k
     FROM sectors se JOIN enterprises en ON en.id = se.enterprise_id, generate_series(1, 2) k
     WHERE en.email LIKE '%@bench.openpermit.test'`,
  );
  await q(
    `INSERT INTO work_types (enterprise_id, kind, name, description)
     SELECT en.id, CASE WHEN k % 2 = 0 THEN 'procedure'::work_type_kind ELSE 'general'::work_type_kind END,
            ($1::text[])[k], 'Bench work type ' || k
     FROM enterprises en, generate_series(1, $2) k WHERE en.email LIKE '%@bench.openpermit.test'`,
    [WORK_TYPES, s.workTypesPerEnterprise],
  );
  await q(
    `INSERT INTO risk_matrices (enterprise_id) SELECT id FROM enterprises WHERE email LIKE '%@bench.openpermit.test'`,
  );
  await q(
    `INSERT INTO matrix_axis_levels (enterprise_id, axis, rank, label)
     SELECT en.id, axis, r, initcap(axis::text) || ' ' || r
     FROM enterprises en, unnest(ARRAY['probability','severity']::matrix_axis[]) axis, generate_series(1, 5) r
     WHERE en.email LIKE '%@bench.openpermit.test'`,
  );
  await q(
    `INSERT INTO criticality_levels (enterprise_id, position, name, colour, flow)
     SELECT en.id, l.position, l.name, l.colour, l.flow::criticality_flow
     FROM enterprises en,
          jsonb_to_recordset($1::jsonb) AS l(position int, name text, colour text, flow text)
     WHERE en.email LIKE '%@bench.openpermit.test'`,
    [JSON.stringify(LEVELS.map((level, i) => ({ ...level, position: i + 1 })))],
  );
  // Probability × severity 1–8 Low, 9–14 Medium, 15+ High.
  await q(
    `INSERT INTO matrix_cells (probability_id, severity_id, level_id)
     SELECT p.id, s.id, cl.id
     FROM matrix_axis_levels p
     JOIN matrix_axis_levels s ON s.enterprise_id = p.enterprise_id AND s.axis = 'severity'
     JOIN criticality_levels cl ON cl.enterprise_id = p.enterprise_id
      AND cl.position = CASE WHEN p.rank * s.rank >= 15 THEN 3 WHEN p.rank * s.rank >= 9 THEN 2 ELSE 1 END
     JOIN enterprises en ON en.id = p.enterprise_id
     WHERE p.axis = 'probability' AND en.email LIKE '%@bench.openpermit.test'`,
  );
  const account = `$1, 'active'::account_status, now(), now(), '+33 6 00 00 00 00'`;
  await q(
    `INSERT INTO users (password_hash, status, email_confirmed_at, password_changed_at, phone, email, name, role, enterprise_id)
     SELECT ${account}, en.email, 'Manager of ' || en.name, 'Enterprise', en.id
     FROM enterprises en WHERE en.email LIKE '%@bench.openpermit.test'`,
    [passwordHash],
  );
  await q(
    `INSERT INTO users (password_hash, status, email_confirmed_at, password_changed_at, phone, email, name, role, enterprise_id, division_id)
     SELECT ${account}, 'responsible-' || ${enterpriseNo} || '-' || ${divisionNo} || '-' || r || '@bench.openpermit.test',
            'Responsible ' || r || ' of ' || dv.name, 'Responsible'::role, dv.enterprise_id, dv.id
     FROM divisions dv JOIN enterprises en ON en.id = dv.enterprise_id, generate_series(1, 3) r
     WHERE en.email LIKE '%@bench.openpermit.test'
     UNION ALL
     SELECT ${account}, 'superresponsible-' || ${enterpriseNo} || '-' || ${divisionNo} || '@bench.openpermit.test',
            'Site manager of ' || dv.name, 'SuperResponsible'::role, dv.enterprise_id, dv.id
     FROM divisions dv JOIN enterprises en ON en.id = dv.enterprise_id WHERE en.email LIKE '%@bench.openpermit.test'`,
    [passwordHash],
  );
  await q(
    `INSERT INTO sector_permissions (manager_id, sector_id, can_verify, can_approve)
     SELECT u.id, se.id, r <> 2, r <> 1
     FROM users u JOIN sectors se ON se.division_id = u.division_id,
          LATERAL (SELECT substring(u.email from '-([0-9])@')::int AS r) pick
     WHERE u.role = 'Responsible' AND u.email LIKE '%@bench.openpermit.test'`,
  );
  await q(
    `INSERT INTO users (password_hash, status, email_confirmed_at, password_changed_at, phone, email, name, role, enterprise_id, division_id)
     SELECT ${account}, 'verifier-' || v || '@bench.openpermit.test', 'Verifier ' || v || ' of ' || dv.name,
            'Responsible'::role, dv.enterprise_id, dv.id
     FROM divisions dv JOIN enterprises en ON en.id = dv.enterprise_id, generate_series(1, $2) v
     WHERE en.email = 'enterprise-1@bench.openpermit.test' AND dv.name = 'North Plant'`,
    [passwordHash, s.verifiers],
  );
  await q(
    `INSERT INTO sector_permissions (manager_id, sector_id, can_verify, can_approve)
     SELECT u.id, se.id, true, false
     FROM users u JOIN sectors se ON se.division_id = u.division_id
     WHERE u.email LIKE 'verifier-%@bench.openpermit.test'`,
  );
  await q(
    `INSERT INTO suppliers (name, email, phone, address, status)
     SELECT (ARRAY['Acme','Borealis','Coastal','Delta','Everest','Fjord','Granite','Harbour'])[1 + k % 8] || ' ' ||
            (ARRAY['Maintenance','Scaffolding','Electrical','Welding','Insulation'])[1 + k % 5] || ' ' || k,
            'supplier-' || k || '@bench.openpermit.test', '+33 4 78 00 00 00', k || ' rue des Artisans, Lyon', 'active'
     FROM generate_series(1, $1) k`,
    [s.suppliers],
  );
  const supplierNo = `substring(su.email from 'supplier-([0-9]+)@')::int`;
  await q(
    `INSERT INTO users (password_hash, status, email_confirmed_at, password_changed_at, phone, email, name, role, supplier_id)
     SELECT ${account}, su.email, 'Head of ' || su.name, 'Supplier'::role, su.id
     FROM suppliers su WHERE su.email LIKE '%@bench.openpermit.test'
     UNION ALL
     SELECT ${account}, 'employee-' || ${supplierNo} || '-' || k || '@bench.openpermit.test',
            'Technician ' || k || ' of ' || ${supplierNo}, 'Employee'::role, su.id
     FROM suppliers su, generate_series(1, $2) k WHERE su.email LIKE '%@bench.openpermit.test'`,
    [passwordHash, s.employeesPerSupplier],
  );
  // Supplier k works with enterprises k, k+1 (mod 5): 40 suppliers × 2 = 16 per enterprise.
  await q(
    `INSERT INTO affiliations (enterprise_id, supplier_id, status)
     SELECT en.id, su.id, 'affiliated'
     FROM suppliers su JOIN enterprises en
       ON ${enterpriseNo} - 1 IN (${supplierNo} % $1, (${supplierNo} + 1) % $1)
     WHERE su.email LIKE '%@bench.openpermit.test' AND en.email LIKE '%@bench.openpermit.test'`,
    [s.enterprises],
  );
}
