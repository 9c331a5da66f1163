import { Badge } from "@mantine/core";
import { readableTextOn } from "../../../lib/colour/readable-text";

/**
 * A criticality level in its own colour (the enterprise chose it, so the text colour is picked for contrast:
 * dark on light colours, white on dark ones).
 */
export function CriticalityBadge({ criticality }: { criticality: { name: string; colour: string } }) {
  return (
    <Badge
      color={criticality.colour}
      c={readableTextOn(criticality.colour)}
      radius="sm"
      data-testid="criticality-badge"
      data-colour={criticality.colour}
      styles={{ label: { textTransform: "none" } }}
    >
      {criticality.name}
    </Badge>
  );
}
