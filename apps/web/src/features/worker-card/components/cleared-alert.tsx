import { Alert, Text } from "@mantine/core";
import { IconCircleCheckFilled, IconCircleXFilled } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** Cleared for an enterprise's site today, or not (green or red, with words and an icon). */
export function ClearedAlert({
  enterprise,
  cleared,
  children,
}: {
  enterprise: string;
  cleared: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation("complianceView");
  return (
    <Alert
      color={cleared ? "green" : "red"}
      variant="filled"
      radius="md"
      data-testid="worker-card-cleared"
      data-cleared={cleared}
      icon={cleared ? <IconCircleCheckFilled size={32} /> : <IconCircleXFilled size={32} />}
      title={
        <Text fz={22} fw={800}>
          {enterprise}: {cleared ? t("card.cleared") : t("card.notCleared")}
        </Text>
      }
    >
      {children}
    </Alert>
  );
}
