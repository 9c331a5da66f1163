/**
 * Calls a signed-out visitor makes. A 401 from them is an answer about the credentials they carry
 * (wrong password, spent refresh cookie), never a reason to refresh the access token.
 */
const PUBLIC_AUTH_CALLS = new Set([
  "/auth/sign-in",
  "/auth/sign-up",
  "/auth/confirm-account",
  "/auth/resend-confirmation",
  "/auth/forgot-password",
  "/auth/verify-reset-code",
  "/auth/reset-password",
  "/auth/invitation",
  "/auth/complete-account",
  "/auth/refresh-token",
]);

export function isPublicAuthCall(url: string | undefined): boolean {
  if (!url) return false;
  const path = url.split("?")[0]!.replace(/^\/api(?=\/)/, "");
  return PUBLIC_AUTH_CALLS.has(path.startsWith("/") ? path : `/${path}`);
}
