import { ActionIcon, Button, Fieldset, Group, Select, Stack, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { COMPANY_PAGE_LIMITS, SOCIAL_NETWORKS } from "@openpermit/shared";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { TCompanyFormValues } from "./company-form-values";

/** The page's social links: a network from the fixed list and its https address. */
export function SocialLinksEditor({ form }: { form: UseFormReturnType<TCompanyFormValues> }) {
  const { t } = useTranslation("companyPage");
  const links = form.getValues().socialLinks;
  const networks = SOCIAL_NETWORKS.map((value) => ({ value, label: t(`networks.${value}`) }));
  return (
    <Fieldset legend={t("form.social")}>
      <Stack gap="sm">
        {links.map((_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; their place is their identity
          <Group key={index} gap="xs" align="flex-start" wrap="wrap">
            <Select
              label={t("form.network", { n: index + 1 })}
              data={networks}
              allowDeselect={false}
              w={160}
              {...form.getInputProps(`socialLinks.${index}.network`)}
            />
            <Group gap="xs" align="flex-start" wrap="nowrap" style={{ flex: "1 1 14rem", minWidth: 0 }}>
              <TextInput
                label={t("form.socialUrl", { n: index + 1 })}
                type="url"
                placeholder="https://"
                style={{ flex: 1, minWidth: 0 }}
                {...form.getInputProps(`socialLinks.${index}.url`)}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                mt={26}
                aria-label={t("form.removeSocial", { n: index + 1 })}
                onClick={() => form.removeListItem("socialLinks", index)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          </Group>
        ))}
        <Group>
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => form.insertListItem("socialLinks", { network: "linkedin", url: "" })}
            disabled={links.length >= COMPANY_PAGE_LIMITS.socialLinks}
          >
            {t("form.addSocial")}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
