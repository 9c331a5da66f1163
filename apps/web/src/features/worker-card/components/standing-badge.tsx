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

/**
 * A badge's label never wraps: Mantine cuts it to the cell's width, and at 360 px in French a standing read "M…" or
 * "V…". This one wraps instead, growing in height, so the word is always whole.
 */
const WRAPPING = {
  root: { height: "auto", minHeight: "var(--badge-height)", maxWidth: "100%" },
  label: { whiteSpace: "normal", overflow: "visible", textOverflow: "clip", lineHeight: 1.3 },
} as const;

/** Where one requirement stands, in words (never by colour alone). */
export function StandingBadge({ standing }: { standing: TStanding }) {
  const { t } = useTranslation("complianceView");
  return (
    <Badge color={COLOURS[standing]} variant="dot" data-standing={standing} styles={WRAPPING}>
      {t(`standing.${standing}`)}
    </Badge>
  );
}
