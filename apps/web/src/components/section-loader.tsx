import { Center, Loader } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** A spinner in place of content that is on its way. */
export function SectionLoader() {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Loader aria-label={t("loading")} />
    </Center>
  );
}
