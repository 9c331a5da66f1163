import { Badge } from "@mantine/core";
import { readableTextOn } from "../../../lib/colour/readable-text";

/**
 * A criticality level in its own colour (the enterprise chose it, so the text colour is picked for contrast:
 * dark on light colours, white on dark ones).
 */
export function CriticalityBadge({
  criticality,
  noWrap = false,
}: {
  criticality: { name: string; colour: string };
  noWrap?: boolean;
}) {
  return (
    <Badge
      color={criticality.colour}
      c={readableTextOn(criticality.colour)}
      radius="sm"
      data-testid="criticality-badge"
      data-colour={criticality.colour}
      // In a table column the name stays whole on one line (the column widens): "Medium" was cut to "Medi…".
      styles={{
        root: noWrap ? { minWidth: "max-content" } : undefined,
        label: { textTransform: "none" },
      }}
    >
      {criticality.name}
    </Badge>
  );
}
