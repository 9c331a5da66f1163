import { ActionIcon, FileInput, Group, List, Stack, Text } from "@mantine/core";
import { PROCEDURE_FILE_MAX_BYTES, PROCEDURE_FILE_TYPES, type TProcedureFile } from "@openpermit/shared";
import { IconDownload, IconPaperclip, IconTrash } from "@tabler/icons-react";
import type React from "react";
import { useTranslation } from "react-i18next";
import { useErrorMessage } from "../../../lib/api/use-error-message";
import { notifyError } from "../../../lib/notify";
import { downloadProcedureFile } from "../api/work-types";

interface TProcedureFilesProps {
  /** Files already stored (edit). */
  stored: TProcedureFile[];
  onDelete?: (file: TProcedureFile) => void;
  /** Files chosen, sent after the save. */
  chosen: File[];
  onChoose: (files: File[]) => void;
  error?: React.ReactNode;
  testId: string;
}

/** Procedure files: the stored ones (download, delete) and new ones to send (PDF, images, office documents). */
export function ProcedureFiles({ stored, onDelete, chosen, onChoose, error, testId }: TProcedureFilesProps) {
  const { t } = useTranslation("risks");
  const describe = useErrorMessage();
  return (
    <Stack gap="xs">
      {stored.length > 0 ? (
        <List spacing={4} listStyleType="none" p={0} aria-label={t("files.stored")}>
          {stored.map((file) => (
            <List.Item key={file.id}>
              <Group gap={4} wrap="nowrap">
                <IconPaperclip size={16} aria-hidden />
                <Text fz="sm" flex={1} style={{ overflowWrap: "anywhere" }}>
                  {file.name}
                </Text>
                <ActionIcon
                  variant="subtle"
                  size="lg"
                  aria-label={t("files.download", { name: file.name })}
                  onClick={() => downloadProcedureFile(file).catch((caught) => notifyError(describe(caught)))}
                >
                  <IconDownload size={16} aria-hidden />
                </ActionIcon>
                {onDelete ? (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={t("files.delete", { name: file.name })}
                    onClick={() => onDelete(file)}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                ) : null}
              </Group>
            </List.Item>
          ))}
        </List>
      ) : null}
      <FileInput
        multiple
        label={t("fields.procedureFiles")}
        description={t("files.procedureHelp", { max: PROCEDURE_FILE_MAX_BYTES / 1024 / 1024 })}
        inputWrapperOrder={["label", "input", "description", "error"]}
        placeholder={t("files.chooseFiles")}
        styles={{ placeholder: { color: "var(--mantine-color-dimmed)" } }}
        accept={PROCEDURE_FILE_TYPES.join(",")}
        fileInputProps={{ "data-testid": testId } as React.ComponentProps<"input">}
        clearable
        clearButtonProps={{ "aria-label": t("files.clear") }}
        leftSection={<IconPaperclip size={16} aria-hidden />}
        value={chosen}
        onChange={onChoose}
        error={error}
      />
    </Stack>
  );
}

/** Checks chosen procedure files before they travel (the server checks again by content). */
export function procedureFilesError(files: File[]): string | null {
  for (const file of files) {
    if (file.size > PROCEDURE_FILE_MAX_BYTES) return "files.fileTooLarge";
    if (file.type && !(PROCEDURE_FILE_TYPES as readonly string[]).includes(file.type)) return "files.fileWrongType";
  }
  return null;
}
