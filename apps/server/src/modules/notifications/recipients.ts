import type { TRole } from "@openpermit/shared";
import { sql } from "drizzle-orm";
import type { TDb } from "../../db/client";
import type { TAudience } from "./audiences";

export type TRecipient = {
  id: string;
  email: string;
  language: "en" | "fr";
  role: TRole;
};

/**
 * The people to tell, in one query read inside the transition's transaction (so it sees the permit as just moved):
 * the audience's groups united (deduplicated), only active accounts of companies that are not disabled, never
 * the person who acted.
 */
export async function recipientsOf(
  tx: TDb,
  permitId: string,
  audience: TAudience,
  actorId: string,
): Promise<TRecipient[]> {
  const result = await tx.execute<TRecipient>(sql`
    WITH p AS (
      SELECT created_by, supplier_id, sector_id, verified_by, approved_by FROM permits WHERE id = ${permitId}
    ),
    candidates(user_id) AS (
      SELECT created_by FROM p WHERE ${audience.creatorSide}
      UNION SELECT u.id FROM users u JOIN p ON u.supplier_id = p.supplier_id
        WHERE ${audience.creatorSide} AND u.role = 'Supplier'
      UNION SELECT sp.manager_id FROM sector_permissions sp JOIN p ON sp.sector_id = p.sector_id
        WHERE (${audience.sectorVerifiers} AND sp.can_verify) OR (${audience.sectorApprovers} AND sp.can_approve)
      UNION SELECT verified_by FROM p WHERE ${audience.handlers}
      UNION SELECT approved_by FROM p WHERE ${audience.handlers}
    )
    SELECT u.id, u.email, u.language, u.role
    FROM candidates c
    JOIN users u ON u.id = c.user_id
    LEFT JOIN enterprises e ON e.id = u.enterprise_id
    LEFT JOIN suppliers s ON s.id = u.supplier_id
    WHERE u.status = 'active' AND u.id <> ${actorId} AND coalesce(e.status::text, s.status::text, 'active') <> 'disabled'
  `);
  return result.rows;
}
