import { Anchor, Stack, Text } from "@mantine/core";
import type { TSpecificRisk } from "@openpermit/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ListPagination } from "../../../../components/list-pagination";
import { NextStep } from "../../../../components/next-step";
import { QueryState } from "../../../../components/query-state";
import { ResponsiveTable } from "../../../../components/responsive-table";
import { RowActions } from "../../../../components/row-actions";
import { useListParams } from "../../../../lib/router/use-list-params";
import { useSpecificRisks, useSpecificRiskWrites } from "../../api/specific-risks";
import { DeleteItemDialog } from "../delete-item-dialog";
import { ListToolbar } from "../list-panel-parts";
import { RiskImage } from "../risk-image";
import { SpecificRiskFormModal, type TSpecificRiskFormTarget } from "./specific-risk-form-modal";

const PAGE_SIZE = 20;

/** Specific critical risks: description, checklist, training link, logogram, procedures, useful links. */
export function SpecificRisksPanel({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation("risks");
  const { q, page, update } = useListParams();
  const risks = useSpecificRisks({ q, page, pageSize: PAGE_SIZE });
  const { remove } = useSpecificRiskWrites();
  const [editing, setEditing] = useState<TSpecificRiskFormTarget>(null);
  const [deleting, setDeleting] = useState<TSpecificRisk | null>(null);
  const total = risks.data?.total ?? 0;

  return (
    <Stack gap="md">
      <ListToolbar
        q={q}
        onSearch={(next) => update({ q: next })}
        total={risks.data?.total}
        create={canEdit ? { label: t("specific.new"), onClick: () => setEditing("new") } : undefined}
      />
      <QueryState
        query={risks}
        filtered={Boolean(q)}
        keepDataOnError
        empty={<NextStep title={t("specific.emptyTitle")} description={t("specific.emptyText")} testId="empty-state" />}
      >
        {(loaded) => (
          <ResponsiveTable
            rows={loaded.data}
            rowKey={(risk) => risk.id}
            rowTestId="specific-risk-row"
            caption={t("assign.tabs.specific")}
            primary={{
              header: t("fields.name"),
              image: (risk) => <RiskImage url={risk.logogram?.url} />,
              render: (risk) => <span>{risk.name}</span>,
            }}
            columns={[
              {
                key: "description",
                header: t("fields.description"),
                render: (risk) => (
                  <Text fz="sm" lineClamp={2}>
                    {risk.description}
                  </Text>
                ),
              },
              {
                key: "checklist",
                header: t("checklist.legend"),
                render: (risk) => t("workTypes.items", { count: risk.checklist.length }),
              },
              {
                key: "training",
                header: t("fields.trainingUrl"),
                render: (risk) =>
                  risk.trainingUrl ? (
                    <Anchor href={risk.trainingUrl} target="_blank" rel="noopener noreferrer" fz="sm">
                      {t("specific.openTraining")}
                    </Anchor>
                  ) : (
                    "—"
                  ),
              },
            ]}
            actions={
              canEdit
                ? (risk) => (
                    <RowActions name={risk.name} onEdit={() => setEditing(risk)} onDelete={() => setDeleting(risk)} />
                  )
                : undefined
            }
          />
        )}
      </QueryState>
      <ListPagination total={total} pageSize={PAGE_SIZE} page={page} onChange={(next) => update({ page: next })} />
      <SpecificRiskFormModal target={editing} onClose={() => setEditing(null)} />
      <DeleteItemDialog
        section="specific"
        item={deleting}
        remove={remove.mutateAsync}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
