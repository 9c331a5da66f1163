import { type TLanguage, type TMe, ZLanguageSchema } from "@openpermit/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { ME_QUERY_KEY, useMe } from "../api/get-me";
import { useUpdateMe } from "../api/update-me";

/**
 * The language follows the person, not the browser: once signed in, the account's language is the app's (on every
 * device), and a choice made with the header's switch is saved on the account (and so used for its e-mails too).
 * Returns what the switch calls with the chosen language.
 */
export function useAccountLanguage(): (language: TLanguage) => void {
  const { i18n } = useTranslation();
  const me = useMe();
  const update = useUpdateMe();
  const accountLanguage = me.data?.language;

  // Only when the account's language is read or changes (not when the switch moves: the account follows it once
  // saved, and a switch not yet saved is not undone).
  useEffect(() => {
    const parsed = ZLanguageSchema.safeParse(accountLanguage);
    if (parsed.success && parsed.data !== (i18n.resolvedLanguage ?? i18n.language)) {
      void i18n.changeLanguage(parsed.data);
    }
  }, [accountLanguage, i18n]);

  const queryClient = useQueryClient();
  const { mutate } = update;
  return useCallback(
    (language: TLanguage) => {
      if (language === accountLanguage) return;
      // The choice is the account's from now on: an answer to a read of the account still on its way (with the
      // language before) must not switch the app back.
      void queryClient.cancelQueries({ queryKey: ME_QUERY_KEY });
      queryClient.setQueryData<TMe>(ME_QUERY_KEY, (me) => (me ? { ...me, language } : me));
      mutate({ language }, { onError: () => void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }) });
    },
    [accountLanguage, mutate, queryClient],
  );
}
