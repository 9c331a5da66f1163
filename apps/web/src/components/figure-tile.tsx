import { type MantineFontSize, Paper, Text } from "@mantine/core";

interface TFigureTileProps {
  label: string;
  value: string | number;
  /** The figure's font size: each summary sizes it to its layout. */
  size: MantineFontSize | number;
  lh?: number;
  color?: string;
}

/**
 * A figure and its label in a bordered tile, not a link (for that, FigureCard). The group's name says both
 * ("Permits: 3") and the texts are hidden, so a screen reader reads it once, in that order.
 */
export function FigureTile({ label, value, size, lh, color }: TFigureTileProps) {
  return (
    <Paper withBorder p="sm" role="group" aria-label={`${label}: ${value}`}>
      <Text fz={size} fw={700} lh={lh} c={color} aria-hidden>
        {value}
      </Text>
      <Text fz="sm" c="dimmed" aria-hidden>
        {label}
      </Text>
    </Paper>
  );
}
