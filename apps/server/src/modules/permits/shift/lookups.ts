import type { TPermitExtension, TPermitHandover } from "@openpermit/shared";
import { sql } from "drizzle-orm";
import { permitExtensions, permitHandovers, users } from "../../../db/schema";
import { actorOf, isoText, outer, type TActor } from "../permit-lookups";

/** A person of a row of the subquery (`u.id = <column>`), as the contract's actors are. */
const personOf = (column: string) =>
  sql`(SELECT json_build_object('id', u.id, 'name', u.name, 'role', u.role) FROM ${users} u WHERE u.id = ${sql.raw(column)})`;

/**
 * What the permit's extension and handover sections show (docs/safety.md, "Extension and shift handover"), as
 * subqueries of the permit's own row like every other name of it (permit-lookups.ts): the holder now, each
 * extension and each handover, oldest first.
 */
export function shiftLookups() {
  return {
    holder: sql<TActor | null>`coalesce(${actorOf("holder_id")}, ${actorOf("created_by")})`,
    extensions: sql<TPermitExtension[]>`(SELECT coalesce(json_agg(json_build_object('id', x.id,
        'askedBy', ${personOf("x.asked_by")}, 'askedAt', ${isoText(sql`x.asked_at`)}, 'reason', x.reason,
        'oldEndAt', ${isoText(sql`x.old_end_at`)}, 'newEndAt', ${isoText(sql`x.new_end_at`)}, 'decision', x.decision,
        'decidedBy', ${personOf("x.decided_by")}, 'decidedAt', ${isoText(sql`x.decided_at`)}, 'remark', x.remark)
        ORDER BY x.asked_at, x.id), '[]')
      FROM ${permitExtensions} x WHERE x.permit_id = ${outer("id")})`,
    handovers: sql<TPermitHandover[]>`(SELECT coalesce(json_agg(json_build_object('id', h.id,
        'from', ${personOf("h.from_id")}, 'to', ${personOf("h.to_id")}, 'note', h.note,
        'startedAt', ${isoText(sql`h.started_at`)}, 'acceptedAt', ${isoText(sql`h.accepted_at`)},
        'crewKept', h.crew_kept, 'cancelledAt', ${isoText(sql`h.cancelled_at`)},
        'cancelledBy', ${personOf("h.cancelled_by")}) ORDER BY h.started_at, h.id), '[]')
      FROM ${permitHandovers} h WHERE h.permit_id = ${outer("id")})`,
  };
}
