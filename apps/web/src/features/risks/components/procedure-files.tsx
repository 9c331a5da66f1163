import { ActionIcon, FileInput, List, Stack } from "@mantine/core";
import { PROCEDURE_FILE_MAX_BYTES, PROCEDURE_FILE_TYPES, type TProcedureFile } from "@openpermit/shared";
import { IconPaperclip, IconTrash } from "@tabler/icons-react";
import type React from "react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FileRow } from "../../../components/file-row";
import { useErrorMessage } from "../../../lib/api/use-error-message";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useRefreshRisks } from "../api/query-keys";
import { deleteProcedureFile, downloadProcedureFile, type TFileOwner, uploadProcedureFile } from "../api/work-types";

/**
 * The procedure files of a work type or specific risk being edited: the stored ones (deleted at once) and
 * the ones chosen, sent one by one after the form's fields are saved. A refused file stops the sending and
 * stays chosen with the files after it, so "Retry the upload" sends only what is left.
 */
export function useProcedureFileUploads(owner: TFileOwner, existing: { id: string; files: TProcedureFile[] } | null) {
  const { t } = useTranslation("risks");
  const describe = useErrorMessage();
  const refresh = useRefreshRisks();
  const [stored, setStored] = useState(existing?.files ?? []);
  const [chosen, setChosen] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  return {
    stored,
    chosen,
    /** A translation key of the risks namespace, or null. */
    error,
    choose: (files: File[]) => {
      setChosen(files);
      setError(procedureFilesError(files));
    },
    /** Checks again before saving: false when a chosen file cannot be sent. */
    check: () => {
      const found = procedureFilesError(chosen);
      setError(found);
      return found === null;
    },
    remove: existing
      ? (file: TProcedureFile) =>
          deleteProcedureFile({ owner, id: existing.id, fileId: file.id }).then(
            () => {
              setStored((current) => current.filter((item) => item.id !== file.id));
              void refresh();
              notifySuccess(t("files.deleted", { name: file.name }));
            },
            (caught: unknown) => notifyError(describe(caught)),
          )
      : undefined,
    /** Sends the chosen files to the saved owner `id`; rejects with the first refusal. */
    send: async (id: string) => {
      const left = [...chosen];
      try {
        while (left.length > 0) {
          await uploadProcedureFile({ owner, id, file: left[0]! });
          left.shift();
          setChosen([...left]);
        }
      } finally {
        void refresh();
      }
    },
  };
}
export type TProcedureFileUploads = ReturnType<typeof useProcedureFileUploads>;

/** Procedure files: the stored ones (download, delete) and new ones to send (PDF, images, office documents). */
export function ProcedureFiles({ uploads, testId }: { uploads: TProcedureFileUploads; testId: string }) {
  const { t } = useTranslation("risks");
  const _describe = useErrorMessage();
  const { stored, remove: onDelete, chosen, choose: onChoose } = uploads;
  const error = uploads.error ? t(uploads.error) : undefined;
  return (
    <Stack gap="xs">
      {stored.length > 0 ? (
        <List spacing={4} listStyleType="none" p={0} aria-label={t("files.stored")}>
          {stored.map((file) => (
            <List.Item key={file.id}>
              <FileRow
                name={file.name}
                downloadLabel={t("files.download", { name: file.name })}
                download={() => downloadProcedureFile(file)}
              >
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
              </FileRow>
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
