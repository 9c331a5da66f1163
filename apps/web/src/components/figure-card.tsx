import { Paper, Text } from "@mantine/core";
import { Link } from "react-router";

interface TFigureCardProps {
  label: string;
  value: number;
  /** The list the figure counts, filtered as the figure is. */
  to: string;
  /** A figure that asks for action now (overdue close-outs, no credits left): its number in red. */
  alert?: boolean;
  testId?: string;
}

/**
 * One figure of a dashboard: a large number and its label, the whole card a link to the matching list. Its
 * accessible name says both ("Overdue close-outs: 2"), so a screen reader's list of links reads well.
 */
export function FigureCard({ label, value, to, alert = false, testId }: TFigureCardProps) {
  return (
    <Paper
      component={Link}
      to={to}
      withBorder
      p="md"
      radius="md"
      aria-label={`${label}: ${value}`}
      data-testid={testId}
      data-value={value}
      style={{
        // The label comes first to assistive technology (the name reads "label: number"), the number on top to the eye.
        display: "flex",
        flexDirection: "column-reverse",
        justifyContent: "flex-end",
        textDecoration: "none",
        color: "inherit",
        borderLeft: `4px solid var(--mantine-color-${alert ? "red-7" : "blue-7"})`,
        minWidth: 0,
      }}
    >
      <Text fz="sm" mt={4} c="dimmed" style={{ overflowWrap: "break-word" }}>
        {label}
      </Text>
      {/* Read as words apart ("Drafts 2", not "Drafts2"): WCAG 2.5.3 compares this text with the name. */}{" "}
      <Text fz={32} fw={700} lh={1.1} c={alert ? "red.8" : undefined}>
        {value}
      </Text>
    </Paper>
  );
}
