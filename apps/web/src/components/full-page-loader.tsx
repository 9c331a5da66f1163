import { Center, Loader } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** Shown while a page or the translations load; it must not wait for translations itself. */
export function FullPageLoader() {
  const { t, ready } = useTranslation("common", { useSuspense: false });
  return (
    <Center h="100dvh" w="100%" role="status" aria-live="polite" data-testid="full-page-loader">
      <Loader aria-label={ready ? t("loading") : "Loading…"} />
    </Center>
  );
}
