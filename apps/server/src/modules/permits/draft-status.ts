/** A draft: never sent, or sent back for a recheck. Only then may its content change. */
export const DRAFT_STATUSES = ["pending", "Recheck"] as const;
export const isDraft = (status: string) => (DRAFT_STATUSES as readonly string[]).includes(status);
