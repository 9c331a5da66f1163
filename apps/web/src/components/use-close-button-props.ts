import { useTranslation } from "react-i18next";

/** Spread as a Modal's or Drawer's `closeButtonProps`: Mantine's close button has no name of its own. */
export function useCloseButtonProps() {
  const { t } = useTranslation();
  return { "aria-label": t("close") };
}
