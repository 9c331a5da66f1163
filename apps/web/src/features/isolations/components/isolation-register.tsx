import { Button, Group, Stack, Text } from "@mantine/core";
import type { TIsolationPoint, TSector } from "@openpermit/shared";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { NextStep } from "../../../components/next-step";
import { PagedTable } from "../../../components/paged-table";
import { RowActions } from "../../../components/row-actions";
import { SearchInput } from "../../../components/search-input";
import { notifySuccess } from "../../../lib/notify";
import { useDeletePoint, usePoints, useSectorPoints } from "../api/isolations";
import { IsolationState } from "./isolation-state";
import { PointEditor } from "./point-editor";
import { RegisterFiles } from "./register-files";

const PAGE_SIZE = 20;

/** One sector's isolation points (lock-out/tag-out): searched, paged, added, changed, removed. */
export function IsolationRegister({ sector }: { sector: TSector }) {
  const { t } = useTranslation("isolations");
  const [q, setQ] = useState("");
  const [page, setPage] = useState(1);
  const points = usePoints({ sectorId: sector.id, q, page, pageSize: PAGE_SIZE });
  const all = useSectorPoints(sector.id);
  const [editing, setEditing] = useState<TIsolationPoint | "new" | null>(null);
  const [deleting, setDeleting] = useState<TIsolationPoint | null>(null);
  const remove = useDeletePoint();

  return (
    <Stack gap="md" data-testid="isolation-register">
      <Group justify="space-between" align="flex-end">
        <SearchInput
          value={q}
          label={t("register.search")}
          onSearch={(value) => {
            setQ(value);
            setPage(1);
          }}
        />
        <Group gap="xs">
          <RegisterFiles sector={sector} />
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing("new")}>
            {t("register.new")}
          </Button>
        </Group>
      </Group>
      <PagedTable<TIsolationPoint>
        query={points}
        empty={<NextStep testId="empty-state" title={t("register.emptyTitle")} description={t("register.emptyText")} />}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        caption={t("register.caption", { name: sector.name })}
        rowTestId="isolation-point-row"
        rowKey={(p) => p.id}
        primary={{ header: t("fields.tag"), render: (p) => <Text fw={600}>{p.tag}</Text> }}
        columns={[
          { key: "equipment", header: t("fields.equipment"), render: (p) => p.equipment },
          { key: "energy", header: t("fields.energy"), render: (p) => t(`energy.${p.energy}`) },
          { key: "method", header: t("fields.method"), render: (p) => p.method },
          { key: "place", header: t("fields.subSector"), render: (p) => p.subSectorName ?? t("fields.wholeSector") },
          { key: "state", header: t("fields.state"), render: (p) => <IsolationState point={p} /> },
        ]}
        actions={(p) => <RowActions name={p.tag} onEdit={() => setEditing(p)} onDelete={() => setDeleting(p)} />}
      />
      <PointEditor sector={sector} editing={editing} others={all.data ?? []} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title={t("register.deleteTitle", { tag: deleting?.tag ?? "" })}
        confirmLabel={t("register.delete")}
        danger
        onConfirm={async () => {
          const tag = deleting!.tag;
          await remove.mutateAsync(deleting!.id);
          notifySuccess(t("register.deleted", { tag }));
        }}
        onClose={() => setDeleting(null)}
      >
        <Text>{t("register.deleteText")}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
