import { useTranslation } from "react-i18next";

/** Spread on PasswordInput: a translated name for its show/hide button (Mantine's is English only). */
export function usePasswordToggleProps() {
  const { t } = useTranslation();
  return { visibilityToggleButtonProps: { "aria-label": t("togglePassword") } };
}
