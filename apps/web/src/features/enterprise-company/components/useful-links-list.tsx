import { Anchor, Badge, Group, List, Stack, Text, VisuallyHidden } from "@mantine/core";
import { IconExternalLink } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { ListPagination } from "../../../components/list-pagination";
import { SectionLoader } from "../../../components/section-loader";
import { LINKS_PAGE_SIZE, useCompanyLinks } from "../api/company-page";
import { safeHref } from "./safe-href";

/** The enterprise's useful links (title, tag), each opening in a new tab; paged on the server. */
export function UsefulLinksList({ enterpriseId, labelledBy }: { enterpriseId: string; labelledBy: string }) {
  const { t } = useTranslation("companyPage");
  const [page, setPage] = useState(1);
  const links = useCompanyLinks(enterpriseId, page);
  if (links.isPending) return <SectionLoader />;
  if (links.error) return <ApiErrorAlert error={links.error} />;
  if (links.data.total === 0) {
    return (
      <Text fz="sm" c="dimmed">
        {t("view.noLinks")}
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <List spacing={6} listStyleType="none" aria-labelledby={labelledBy} data-testid="company-useful-links">
        {links.data.data.map((link) => (
          <List.Item key={link.id}>
            <Group gap="xs" wrap="wrap">
              <Anchor
                href={safeHref(link.url) ?? undefined}
                target="_blank"
                rel="noopener noreferrer"
                style={{ overflowWrap: "anywhere" }}
              >
                {link.title}
                <IconExternalLink size={14} aria-hidden style={{ marginInlineStart: 4, verticalAlign: "middle" }} />
                <VisuallyHidden>{t("view.newTab")}</VisuallyHidden>
              </Anchor>
              {link.tag ? (
                <Badge variant="light" color="gray" radius="sm" tt="none">
                  {link.tag}
                </Badge>
              ) : null}
            </Group>
          </List.Item>
        ))}
      </List>
      <ListPagination total={links.data.total} pageSize={LINKS_PAGE_SIZE} page={page} onChange={setPage} />
    </Stack>
  );
}
