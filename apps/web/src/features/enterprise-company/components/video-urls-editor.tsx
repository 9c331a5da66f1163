import { ActionIcon, Button, Fieldset, Group, Stack, Text, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { COMPANY_PAGE_LIMITS } from "@openpermit/shared";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { TCompanyFormValues } from "./company-form-values";

/** The page's YouTube videos: one URL a line (watch, youtu.be, shorts or embed addresses), at most ten. */
export function VideoUrlsEditor({ form }: { form: UseFormReturnType<TCompanyFormValues> }) {
  const { t } = useTranslation("companyPage");
  const urls = form.getValues().youtubeUrls;
  const add = () => {
    form.insertListItem("youtubeUrls", "");
    // The new line takes the focus, so the URL can be pasted at once.
    requestAnimationFrame(() => form.getInputNode(`youtubeUrls.${urls.length}`)?.focus());
  };
  return (
    <Fieldset legend={t("form.videos")}>
      <Stack gap="sm">
        <Text fz="sm" c="dimmed">
          {t("form.videosHelp", { max: COMPANY_PAGE_LIMITS.videos })}
        </Text>
        {urls.map((_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines are plain strings, their place is their identity
          <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              label={t("form.videoUrl", { n: index + 1 })}
              type="url"
              placeholder="https://www.youtube.com/watch?v=…"
              style={{ flex: 1, minWidth: 0 }}
              {...form.getInputProps(`youtubeUrls.${index}`)}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              mt={26}
              aria-label={t("form.removeVideo", { n: index + 1 })}
              onClick={() => form.removeListItem("youtubeUrls", index)}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={add}
            disabled={urls.length >= COMPANY_PAGE_LIMITS.videos}
          >
            {t("form.addVideo")}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
