import { Button, FileInput, Group, Image, Paper, Stack, Text } from "@mantine/core";
import { ICON_MAX_BYTES, ICON_TYPES } from "@openpermit/shared";
import { IconPhoto, IconTrash } from "@tabler/icons-react";
import type React from "react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { useObjectUrl } from "../../../lib/files/use-object-url";
import { notifySuccess } from "../../../lib/notify";
import { useAuthImage } from "../api/images";

/** Checks a chosen image before it travels (the server checks again by content). */
export function imageFileError(file: File | null): string | null {
  if (!file) return null;
  if (!(ICON_TYPES as readonly string[]).includes(file.type)) return "files.wrongType";
  if (file.size > ICON_MAX_BYTES) return "files.tooLarge";
  return null;
}

/** The image chosen in a form (sent after the form's fields are saved), with its local check. */
export function useChosenImage() {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  return {
    file,
    /** A translation key of the risks namespace, or null. */
    error,
    choose: (next: File | null) => {
      setFile(next);
      setError(imageFileError(next));
    },
    /** Checks again before saving: false when the chosen file cannot be sent. */
    check: () => {
      const found = imageFileError(file);
      setError(found);
      return found === null;
    },
    sent: () => setFile(null),
  };
}
export type TChosenImage = ReturnType<typeof useChosenImage>;

interface TImageFileFieldProps {
  label: string;
  image: TChosenImage;
  /** The stored image, if any. */
  currentUrl?: string | null;
  /** Removes the stored image now (after a confirmation); absent when it cannot be removed. */
  onRemove?: () => Promise<unknown>;
  testId: string;
}

/**
 * An icon or logogram: PNG, JPEG or WebP up to 2 MB, with a preview of the chosen (or stored) image, and a
 * Remove button for the stored one.
 */
export function ImageFileField({ label, image, currentUrl, onRemove, testId }: TImageFileFieldProps) {
  const { t } = useTranslation("risks");
  const [confirming, setConfirming] = useState(false);
  const chosen = useObjectUrl(image.file?.type.startsWith("image/") ? image.file : null);
  const current = useAuthImage(image.file ? null : currentUrl);
  const preview = chosen ?? current;
  const removable = Boolean(onRemove && currentUrl && !image.file);
  return (
    <Group align="flex-start" gap="sm" wrap="nowrap">
      <FileInput
        flex={1}
        miw={0}
        label={label}
        description={t("files.imageHelp", { max: ICON_MAX_BYTES / 1024 / 1024 })}
        inputWrapperOrder={["label", "input", "description", "error"]}
        placeholder={t("files.choose")}
        styles={{ placeholder: { color: "var(--mantine-color-dimmed)" } }}
        accept={ICON_TYPES.join(",")}
        fileInputProps={{ "data-testid": testId } as React.ComponentProps<"input">}
        clearable
        clearButtonProps={{ "aria-label": t("files.clear") }}
        leftSection={<IconPhoto size={16} aria-hidden />}
        value={image.file}
        onChange={image.choose}
        error={image.error ? t(image.error) : undefined}
      />
      <Stack gap={4} mt={24} align="center">
        {preview ? (
          <Paper withBorder p={4}>
            <Image src={preview} alt={t("files.preview", { label })} w={56} h={56} fit="contain" />
          </Paper>
        ) : (
          <Text fz="xs" c="dimmed" mt={6} w={56}>
            {t("files.none")}
          </Text>
        )}
        {removable ? (
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden />}
            aria-label={t("files.removeImage", { label })}
            onClick={() => setConfirming(true)}
          >
            {t("actions.remove")}
          </Button>
        ) : null}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t("files.removeImageTitle", { label })}
        confirmLabel={t("actions.remove")}
        danger
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          await onRemove!();
          notifySuccess(t("files.imageRemoved", { label }));
        }}
      >
        {t("files.removeImageText", { label })}
      </ConfirmDialog>
    </Group>
  );
}
