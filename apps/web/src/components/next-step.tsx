import { Button, EmptyState, Paper } from "@mantine/core";
import { IconArrowRight, IconInfoCircle } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

interface TNextStepProps {
  title: string;
  description?: ReactNode;
  /** Where the user goes to do what is missing. */
  link?: { to: string; label: string };
  /** Or a button (e.g. open a form on this page). */
  action?: ReactNode;
  testId?: string;
}

/** An empty state that says what to do next, with the way to do it (docs/domain.md, Messages: "with navigation links"). */
export function NextStep({ title, description, link, action, testId }: TNextStepProps) {
  return (
    <Paper withBorder p={{ base: "md", md: "xl" }} data-testid={testId}>
      <EmptyState icon={<IconInfoCircle aria-hidden />} variant="light" title={title} description={description}>
        {link || action ? (
          <EmptyState.Actions>
            {link ? (
              <Button component={Link} to={link.to} rightSection={<IconArrowRight size={16} aria-hidden />}>
                {link.label}
              </Button>
            ) : null}
            {action}
          </EmptyState.Actions>
        ) : null}
      </EmptyState>
    </Paper>
  );
}
