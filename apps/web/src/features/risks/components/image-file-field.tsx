import { FileInput, Group, Image, Paper, Text } from "@mantine/core";
import { ICON_MAX_BYTES, ICON_TYPES } from "@openpermit/shared";
import { IconPhoto } from "@tabler/icons-react";
import type React from "react";
import { useTranslation } from "react-i18next";
import { useObjectUrl } from "../../../lib/files/use-object-url";
import { useAuthImage } from "../api/images";

interface TImageFileFieldProps {
  label: string;
  value: File | null;
  onChange: (file: File | null) => void;
  currentUrl?: string | null;
  error?: React.ReactNode;
  testId: string;
}

/** An icon or logogram: PNG, JPEG or WebP up to 2 MB, with a preview of the chosen (or current) image. */
export function ImageFileField({ label, value, onChange, currentUrl, error, testId }: TImageFileFieldProps) {
  const { t } = useTranslation("risks");
  const chosen = useObjectUrl(value?.type.startsWith("image/") ? value : null);
  const current = useAuthImage(value ? null : currentUrl);
  const preview = chosen ?? current;
  return (
    <Group align="flex-start" gap="sm" wrap="nowrap">
      <FileInput
        flex={1}
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
        value={value}
        onChange={onChange}
        error={error}
      />
      {preview ? (
        <Paper withBorder p={4} mt={24}>
          <Image src={preview} alt={t("files.preview")} w={56} h={56} fit="contain" />
        </Paper>
      ) : (
        <Text fz="xs" c="dimmed" mt={30} w={56}>
          {t("files.none")}
        </Text>
      )}
    </Group>
  );
}

/** Checks a chosen image before it travels (the server checks again by content). */
export function imageFileError(file: File | null): string | null {
  if (!file) return null;
  if (!(ICON_TYPES as readonly string[]).includes(file.type)) return "files.wrongType";
  if (file.size > ICON_MAX_BYTES) return "files.tooLarge";
  return null;
}
