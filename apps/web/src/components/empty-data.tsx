import { EmptyState } from "@mantine/core";
import { IconInbox } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

/** "No data to display" (docs/domain.md, Messages). */
export function EmptyData() {
  const { t } = useTranslation();
  return <EmptyState icon={<IconInbox aria-hidden />} title={t("noData")} py="xl" />;
}
