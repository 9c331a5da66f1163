import { FileInput, type FileInputProps, Image, Paper, Progress, Stack, Text } from "@mantine/core";
import { IconPhoto } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useObjectUrl } from "../../../../lib/files/use-object-url";
import { useSectorMapImage } from "../../api/get-sector-map";
import { MAP_ACCEPT } from "./sector-form-schema";

interface TMapFileFieldProps extends Omit<FileInputProps, "value" | "onChange" | "multiple"> {
  value: File | null;
  onChange: (file: File | null) => void;
  /** The sector's current map, shown until another file is chosen. */
  currentUrl?: string | null;
  /** 0..1 while uploading. */
  progress?: number | null;
}

/** "Sector map": a PNG, JPEG or WebP file, with a preview of the chosen (or current) image. */
export function MapFileField({ value, onChange, currentUrl, progress, ...input }: TMapFileFieldProps) {
  const { t } = useTranslation("organisation");
  const chosenUrl = useObjectUrl(value?.type.startsWith("image/") ? value : null);
  const current = useSectorMapImage(value ? null : currentUrl);
  const preview = chosenUrl ?? current.objectUrl;
  return (
    <Stack gap="xs">
      <FileInput
        label={t("fields.map")}
        description={t("sectors.mapHelp")}
        inputWrapperOrder={["label", "input", "description", "error"]}
        placeholder={t("sectors.mapPlaceholder")}
        // Mantine's placeholder grey is 2:1 on white; this one is a real text (a span), so it must be legible.
        styles={{ placeholder: { color: "var(--mantine-color-dimmed)" } }}
        accept={MAP_ACCEPT}
        fileInputProps={{ "data-testid": "sector-map-file" } as React.ComponentProps<"input">}
        clearable
        clearButtonProps={{ "aria-label": t("sectors.mapClear") }}
        leftSection={<IconPhoto size={16} aria-hidden />}
        value={value}
        onChange={onChange}
        {...input}
      />
      {progress !== null && progress !== undefined ? (
        <Stack gap={2}>
          <Progress value={progress * 100} aria-label={t("sectors.uploading")} animated />
          <Text fz="xs" c="dimmed" aria-live="polite">
            {t("sectors.uploadingPercent", { percent: Math.round(progress * 100) })}
          </Text>
        </Stack>
      ) : null}
      {preview ? (
        <Paper withBorder p={4}>
          <Image
            src={preview}
            alt={value ? t("sectors.mapPreview") : t("sectors.currentMap")}
            h={180}
            fit="contain"
            radius="sm"
          />
        </Paper>
      ) : null}
    </Stack>
  );
}
