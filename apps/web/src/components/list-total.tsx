import { Text } from "@mantine/core";
import type { ReactNode } from "react";

/** A list's count once it has loaded; announced, since a search or a filter changes it without a page change. */
export function ListTotal({ shown, children }: { shown: boolean; children: ReactNode }) {
  if (!shown) return null;
  return (
    <Text fz="sm" c="dimmed" aria-live="polite">
      {children}
    </Text>
  );
}
