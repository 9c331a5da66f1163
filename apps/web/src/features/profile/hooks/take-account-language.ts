import type { QueryClient } from "@tanstack/react-query";
import type { i18n as TI18n } from "i18next";
import { ME_QUERY_KEY } from "../api/me-query-key";

/**
 * The language follows the person, not the browser: on signing in, on any device, the app takes the account's
 * language (and keeps it on that browser, as any choice). A failed read leaves the language as it is.
 */
export async function takeAccountLanguage(queryClient: QueryClient, i18n: TI18n): Promise<void> {
  try {
    // Fetched with the account's reader (and its schema, which brings zod) once signed in: the sign-in page, which
    // calls this, is the first page loaded.
    const { getMe } = await import("../api/get-me");
    const me = await queryClient.fetchQuery({ queryKey: ME_QUERY_KEY, queryFn: getMe });
    if (me.language !== (i18n.resolvedLanguage ?? i18n.language)) await i18n.changeLanguage(me.language);
  } catch (error) {
    console.error("Could not read the account's language", error);
  }
}
