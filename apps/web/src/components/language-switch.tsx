import { SegmentedControl } from "@mantine/core";
import { isLanguage, type TLanguage } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { useCurrentLanguage } from "../lib/i18n/language";

const OPTIONS = [
  { value: "en", label: "EN" },
  { value: "fr", label: "FR" },
];

/**
 * EN/FR; i18next's detector saves the choice in localStorage under `language`. `onChosen`: also told of the choice
 * (signed in, the account keeps it: useAccountLanguage).
 */
export function LanguageSwitch({ onChosen }: { onChosen?: (language: TLanguage) => void }) {
  const { t, i18n } = useTranslation();
  const language = useCurrentLanguage();
  return (
    <SegmentedControl
      size="xs"
      radius="xl"
      aria-label={t("language.label")}
      value={language}
      onChange={(value) => {
        void i18n.changeLanguage(value);
        if (isLanguage(value)) onChosen?.(value);
      }}
      data={OPTIONS}
    />
  );
}
