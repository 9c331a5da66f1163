import type { TFixture, TScope } from "./fixture";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every id found in an object (deeply), but for those named in `except`. */
function idsIn(value: unknown, except: Set<string>, into: Set<string>) {
  if (typeof value === "string" && UUID.test(value) && !except.has(value)) into.add(value);
  else if (Array.isArray(value)) for (const item of value) idsIn(item, except, into);
  else if (value && typeof value === "object" && !(value instanceof Date)) {
    for (const item of Object.values(value)) idsIn(item, except, into);
  }
}

/**
 * What must never appear in an answer to someone who may not reach a scope: its ids and names. The EPI
 * catalogue is the admin's and shared by every enterprise, so its ids are not anyone's secret.
 */
export async function markersOf(f: TFixture): Promise<Record<Exclude<TScope, "own">, string[]>> {
  const { a, b } = f;
  const epis = new Set([a.world.epi.id, b.world.epi.id]);
  const tenant = new Set<string>();
  idsIn(b, epis, tenant);
  const enterprises = [b.world.enterprise.id, b.world.otherTenant.enterprise.id];
  const suppliers = [b.world.supplier.id, b.world.otherSupplier.supplier.id, b.world.otherTenant.supplier.id];
  const { rows } = await f.t.ctx.pool.query<{ text: string }>(
    `SELECT unnest(ARRAY[name, email]) AS text FROM users WHERE enterprise_id = ANY($1) OR supplier_id = ANY($2)
     UNION SELECT name FROM enterprises WHERE id = ANY($1)
     UNION SELECT name FROM suppliers WHERE id = ANY($2)
     UNION SELECT name FROM divisions WHERE enterprise_id = ANY($1)
     UNION SELECT name FROM sectors WHERE enterprise_id = ANY($1)`,
    [enterprises, suppliers],
  );
  for (const row of rows) tenant.add(row.text);

  const w = a.world;
  const division = [w.otherDivision.id, w.otherDivision.name, w.otherSector.id, w.otherSector.name, a.subSectorA2.id];
  division.push(w.otherDivisionResponsible.id, w.otherDivisionResponsible.email, a.superResponsibleA2.id, a.permitD2);
  const other = w.otherSupplier;
  const supplier = [other.supplier.id, other.supplier.name, other.supplierUser.id, other.supplierUser.email];
  supplier.push(other.employee.id, other.employee.email, a.permitOtherSupplier);
  return { otherTenant: [...tenant], otherDivision: division, otherSupplier: supplier };
}

/** The markers found in a body. */
export const foundIn = (body: string, markers: readonly string[]) => markers.filter((m) => body.includes(m));
