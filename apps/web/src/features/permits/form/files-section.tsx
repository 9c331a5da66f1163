import { ActionIcon, Button, Fieldset, FileButton, Group, Progress, Stack, Text } from "@mantine/core";
import { IconPaperclip, IconRefresh, IconTrash, IconUpload, IconX } from "@tabler/icons-react";
import type React from "react";
import { useTranslation } from "react-i18next";
import { FileRow } from "../../../components/file-row";
import { useErrorMessage } from "../../../lib/api/use-error-message";
import { notifyError } from "../../../lib/notify";
import { downloadPermitFile } from "../api/permits";
import { ACCEPT_ATTRIBUTE, MAX_MEGABYTES } from "./file-checks";
import type { TFileUploads } from "./use-file-uploads";

/** The permit's files: stored ones (download, remove) and the ones being sent, each with its progress. */
export function FilesSection({ files, saved }: { files: TFileUploads; saved: boolean }) {
  const { t } = useTranslation("permits");
  const describe = useErrorMessage();
  return (
    <Fieldset legend={t("form.files")}>
      <Stack gap="sm">
        <Text fz="sm" c="dimmed">
          {t("files.help", { max: MAX_MEGABYTES })}
          {saved ? null : ` ${t("files.afterSave")}`}
        </Text>
        {files.stored.map((file) => (
          <FileRow
            key={file.id}
            name={file.name}
            downloadLabel={t("files.download", { name: file.name })}
            download={() => downloadPermitFile(file)}
            testId="permit-file"
          >
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={t("files.remove", { name: file.name })}
              onClick={() => files.remove(file).catch((caught) => notifyError(describe(caught)))}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </FileRow>
        ))}
        {files.uploads.map((upload) => (
          <Stack key={upload.key} gap={2} data-testid="permit-upload" data-state={upload.state}>
            <Group gap={4} wrap="nowrap">
              <IconPaperclip size={16} aria-hidden />
              <Text fz="sm" flex={1} style={{ overflowWrap: "anywhere" }}>
                {upload.file.name}
              </Text>
              {upload.state === "failed" ? (
                <ActionIcon
                  variant="subtle"
                  size="lg"
                  aria-label={t("files.retry", { name: upload.file.name })}
                  onClick={() => files.retry(upload.key)}
                >
                  <IconRefresh size={16} aria-hidden />
                </ActionIcon>
              ) : null}
              {upload.state !== "uploading" ? (
                <ActionIcon
                  variant="subtle"
                  size="lg"
                  aria-label={t("files.dismiss", { name: upload.file.name })}
                  onClick={() => files.dismiss(upload.key)}
                >
                  <IconX size={16} aria-hidden />
                </ActionIcon>
              ) : null}
            </Group>
            {upload.state === "uploading" ? (
              <Progress
                value={upload.progress}
                aria-label={t("files.progress", { name: upload.file.name, progress: upload.progress })}
              />
            ) : null}
            {upload.state === "waiting" ? (
              <Text fz="xs" c="dimmed">
                {t("files.waiting")}
              </Text>
            ) : null}
            {upload.problem ? (
              <Text fz="xs" c="red.8" role="alert">
                {t(upload.problem, { max: MAX_MEGABYTES })}
              </Text>
            ) : null}
          </Stack>
        ))}
        <Group>
          <FileButton
            onChange={files.choose}
            accept={ACCEPT_ATTRIBUTE}
            multiple
            inputProps={{ "data-testid": "permit-file-input" } as React.ComponentProps<"input">}
          >
            {(props) => (
              <Button {...props} variant="default" leftSection={<IconUpload size={16} aria-hidden />}>
                {t("files.add")}
              </Button>
            )}
          </FileButton>
        </Group>
      </Stack>
    </Fieldset>
  );
}
