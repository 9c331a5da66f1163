import { Badge } from "@mantine/core";
import type { TStanding } from "@openpermit/shared";
import { useTranslation } from "react-i18next";

const COLOURS: Record<TStanding, string> = {
  valid: "green",
  expiring: "yellow",
  pending: "blue",
  expired: "red",
  refused: "red",
  missing: "gray",
};

/** Where one requirement stands, in words (never by colour alone). */
export function StandingBadge({ standing }: { standing: TStanding }) {
  const { t } = useTranslation("complianceView");
  return (
    <Badge color={COLOURS[standing]} variant="dot" data-standing={standing}>
      {t(`standing.${standing}`)}
    </Badge>
  );
}
