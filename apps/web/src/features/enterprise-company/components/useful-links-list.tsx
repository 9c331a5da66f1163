import { Anchor, Badge, Group, List, Stack, Text, VisuallyHidden } from "@mantine/core";
import { IconExternalLink } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ListPagination } from "../../../components/list-pagination";
import { QueryState } from "../../../components/query-state";
import { LINKS_PAGE_SIZE, useCompanyLinks } from "../api/company-page";
import { safeHref } from "./safe-href";

/** The enterprise's useful links (title, tag), each opening in a new tab; paged on the server. */
export function UsefulLinksList({ enterpriseId, labelledBy }: { enterpriseId: string; labelledBy: string }) {
  const { t } = useTranslation("companyPage");
  const [page, setPage] = useState(1);
  const links = useCompanyLinks(enterpriseId, page);
  const empty = (
    <Text fz="sm" c="dimmed">
      {t("view.noLinks")}
    </Text>
  );
  return (
    <QueryState query={links} empty={empty}>
      {(loaded) => (
        <Stack gap="sm">
          <List spacing={6} listStyleType="none" aria-labelledby={labelledBy} data-testid="company-useful-links">
            {loaded.data.map((link) => (
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
          <ListPagination total={loaded.total} pageSize={LINKS_PAGE_SIZE} page={page} onChange={setPage} />
        </Stack>
      )}
    </QueryState>
  );
}
