import { Anchor, Badge, Stack, VisuallyHidden } from "@mantine/core";
import type { TLink } from "@openpermit/shared";
import { IconExternalLink } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ListPagination } from "../../../../components/list-pagination";
import { NextStep } from "../../../../components/next-step";
import { QueryState } from "../../../../components/query-state";
import { ResponsiveTable } from "../../../../components/responsive-table";
import { RowActions } from "../../../../components/row-actions";
import { useListParams } from "../../../../lib/router/use-list-params";
import { useLinks, useLinkWrites } from "../../api/links";
import { DeleteItemDialog } from "../delete-item-dialog";
import { ListToolbar } from "../list-panel-parts";
import { LinkFormModal, type TLinkFormTarget } from "./link-form-modal";

const PAGE_SIZE = 20;

/** The enterprise's useful links (title, URL, tag), which specific critical risks point to; managers read them. */
export function LinksPanel({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation("risks");
  const { q, page, update } = useListParams();
  const links = useLinks({ q, page, pageSize: PAGE_SIZE });
  const { remove } = useLinkWrites();
  const [editing, setEditing] = useState<TLinkFormTarget>(null);
  const [deleting, setDeleting] = useState<TLink | null>(null);
  const empty = (
    <NextStep
      title={t("links.emptyTitle")}
      description={t(canEdit ? "links.emptyText" : "links.emptyTextReadOnly")}
      testId="empty-state"
    />
  );

  return (
    <Stack gap="md">
      <ListToolbar
        q={q}
        onSearch={(next) => update({ q: next })}
        total={links.data?.total}
        create={canEdit ? { label: t("links.new"), onClick: () => setEditing("new") } : undefined}
      />
      <QueryState query={links} filtered={Boolean(q)} keepDataOnError empty={empty}>
        {(loaded) => (
          <ResponsiveTable
            rows={loaded.data}
            rowKey={(link) => link.id}
            rowTestId="link-row"
            caption={t("assign.tabs.links")}
            primary={{ header: t("fields.title"), render: (link) => link.title }}
            columns={[
              {
                key: "url",
                header: t("fields.url"),
                render: (link) => (
                  // The URL is the link's text (its name must contain what is seen); the new tab is said, not only shown.
                  <Anchor
                    href={link.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    fz="sm"
                    style={{ overflowWrap: "anywhere" }}
                  >
                    {link.url} <IconExternalLink size={12} aria-hidden />
                    <VisuallyHidden>{t("links.newTab")}</VisuallyHidden>
                  </Anchor>
                ),
              },
              {
                key: "tag",
                header: t("fields.tag"),
                render: (link) =>
                  link.tag ? (
                    <Badge variant="light" tt="none">
                      {link.tag}
                    </Badge>
                  ) : (
                    "—"
                  ),
              },
            ]}
            actions={
              canEdit
                ? (link) => (
                    <RowActions name={link.title} onEdit={() => setEditing(link)} onDelete={() => setDeleting(link)} />
                  )
                : undefined
            }
          />
        )}
      </QueryState>
      <ListPagination
        total={links.data?.total ?? 0}
        pageSize={PAGE_SIZE}
        page={page}
        onChange={(next) => update({ page: next })}
      />
      <LinkFormModal target={editing} onClose={() => setEditing(null)} />
      <DeleteItemDialog
        section="links"
        item={deleting && { id: deleting.id, name: deleting.title }}
        remove={remove.mutateAsync}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
