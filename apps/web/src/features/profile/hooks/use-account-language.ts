import type { TLanguage, TMe } from "@openpermit/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { ME_QUERY_KEY, useMe } from "../api/get-me";
import { useUpdateMe } from "../api/update-me";

/**
 * What the header's language switch calls, signed in: the choice is saved on the account (so every device the person
 * signs in on, and its e-mails, use it).
 */
export function useAccountLanguage(): (language: TLanguage) => void {
  const queryClient = useQueryClient();
  const accountLanguage = useMe().data?.language;
  const { mutate } = useUpdateMe();
  return useCallback(
    (language: TLanguage) => {
      if (language === accountLanguage) return;
      // The account's from now on: a read of the account still on its way (with the language before) is dropped.
      void queryClient.cancelQueries({ queryKey: ME_QUERY_KEY });
      queryClient.setQueryData<TMe>(ME_QUERY_KEY, (me) => (me ? { ...me, language } : me));
      mutate({ language }, { onError: () => void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }) });
    },
    [accountLanguage, mutate, queryClient],
  );
}
