import type { TRole } from "@openpermit/shared";
import { sql } from "drizzle-orm";
import type { TDb } from "../../db/client";
import type { TAudience } from "./audiences";

/** One person to tell about one permit, with what the message needs of both. */
export type TRecipient = {
  permitId: string;
  userId: string;
  email: string;
  language: "en" | "fr";
  role: TRole;
  documentNumber: string | null;
  taskTitle: string;
  /** The kinds this person does not want by e-mail (still told in the app). */
  emailMutedKinds: string[];
};

/**
 * The people to tell about each of the permits, in one query read inside the caller's transaction (so it sees the
 * permits as just moved): the audience's groups united (a person once per permit), only active accounts of
 * companies that are not disabled, never the person who acted.
 */
export async function recipientsOf(
  tx: TDb,
  permitIds: string[],
  audience: TAudience,
  actorId: string | null,
): Promise<TRecipient[]> {
  if (permitIds.length === 0) return [];
  const result = await tx.execute<TRecipient>(sql`
    WITH p AS (
      SELECT id, created_by, holder_id, supplier_id, sector_id, enterprise_id, division_id, verified_by, approved_by,
        document_number, task_title
      FROM permits WHERE id = ANY(${sql.param(permitIds)}::uuid[])
    ),
    candidates(permit_id, user_id) AS (
      SELECT id, created_by FROM p WHERE ${audience.creatorSide}
      UNION SELECT id, holder_id FROM p WHERE ${audience.creatorSide} AND holder_id IS NOT NULL
      UNION SELECT p.id, u.id FROM users u JOIN p ON u.supplier_id = p.supplier_id
        WHERE ${audience.creatorSide} AND u.role = 'Supplier'
      UNION SELECT p.id, sp.manager_id FROM sector_permissions sp JOIN p ON sp.sector_id = p.sector_id
        WHERE (${audience.sectorVerifiers} AND sp.can_verify) OR (${audience.sectorApprovers} AND sp.can_approve)
      UNION SELECT id, verified_by FROM p WHERE ${audience.handlers}
      UNION SELECT id, approved_by FROM p WHERE ${audience.handlers}
      UNION SELECT p.id, u.id FROM users u JOIN p ON u.enterprise_id = p.enterprise_id
        WHERE ${audience.oversight ?? false}
          AND (u.role = 'Enterprise' OR (u.role = 'SuperResponsible' AND u.division_id = p.division_id))
      UNION SELECT p.id, person FROM p, unnest(${sql.param(audience.people ?? [])}::uuid[]) AS person
      UNION SELECT pc.permit_id, pc.worker_id FROM permit_crew pc JOIN p ON p.id = pc.permit_id
        WHERE ${audience.crew ?? false}
    )
    SELECT p.id AS "permitId", u.id AS "userId", u.email, u.language, u.role,
      p.document_number AS "documentNumber", p.task_title AS "taskTitle",
      u.email_muted_kinds AS "emailMutedKinds"
    FROM candidates c
    JOIN p ON p.id = c.permit_id
    JOIN users u ON u.id = c.user_id
    LEFT JOIN enterprises e ON e.id = u.enterprise_id
    LEFT JOIN suppliers s ON s.id = u.supplier_id
    WHERE u.status = 'active' AND u.id IS DISTINCT FROM ${actorId}::uuid
      AND coalesce(e.status::text, s.status::text, 'active') <> 'disabled'
  `);
  return result.rows;
}
