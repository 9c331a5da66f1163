/** The cache key of the signed-in person's own account (GET /api/auth/me). */
export const ME_QUERY_KEY = ["auth", "me"] as const;
