import { Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

interface TSectionHeadingProps {
  /** The title's id, which names its section (`aria-labelledby`). */
  id: string;
  title: ReactNode;
  /** One line under the title saying what the section is for. */
  help: ReactNode;
  size?: "h3" | "h4";
}

/** A section's title and the line that explains it, as every section of a page shows them. */
export function SectionHeading({ id, title, help, size = "h3" }: TSectionHeadingProps) {
  return (
    <>
      <Title order={2} fz={size} id={id}>
        {title}
      </Title>
      <Text fz="sm" c="dimmed">
        {help}
      </Text>
    </>
  );
}
