import { ActionIcon, Group, Text } from "@mantine/core";
import { IconDownload, IconPaperclip } from "@tabler/icons-react";
import type React from "react";
import { useErrorMessage } from "../lib/api/use-error-message";
import { notifyError } from "../lib/notify";

interface TFileRowProps {
  name: string;
  /** The download button's accessible name, in the caller's words (it names the file). */
  downloadLabel: string;
  download: () => Promise<unknown>;
  testId?: string;
  /** More actions after the download button, such as remove. */
  children?: React.ReactNode;
}

/**
 * One stored file: its name and a download button. A failed download is told in a notification, since the row
 * has no room for an alert.
 */
export function FileRow({ name, downloadLabel, download, testId, children }: TFileRowProps) {
  const describe = useErrorMessage();
  return (
    <Group gap={4} wrap="nowrap" data-testid={testId}>
      <IconPaperclip size={16} aria-hidden />
      <Text fz="sm" flex={1} style={{ overflowWrap: "anywhere" }}>
        {name}
      </Text>
      <ActionIcon
        variant="subtle"
        size="lg"
        aria-label={downloadLabel}
        onClick={() => download().catch((caught) => notifyError(describe(caught)))}
      >
        <IconDownload size={16} aria-hidden />
      </ActionIcon>
      {children}
    </Group>
  );
}
