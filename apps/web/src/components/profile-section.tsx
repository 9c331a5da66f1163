import { Paper } from "@mantine/core";
import type { CSSProperties, ReactNode } from "react";

interface TProfileSectionProps {
  /** The section's id: the profile's menu and notifications link to it (`#anchor`). */
  anchor: string;
  /** The id of the section's own title, which names it for assistive technology. */
  titleId: string;
  "data-testid"?: string;
  style?: CSSProperties;
  children: ReactNode;
}

/** One section of a profile page: a bordered panel named by its title, that a link can scroll to. */
export function ProfileSection({ anchor, titleId, children, ...rest }: TProfileSectionProps) {
  return (
    <Paper withBorder p={{ base: "md", md: "lg" }} component="section" id={anchor} aria-labelledby={titleId} {...rest}>
      {children}
    </Paper>
  );
}
