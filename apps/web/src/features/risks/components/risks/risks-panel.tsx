import { Badge, Group, Stack, Text } from "@mantine/core";
import type { TRisk } from "@openpermit/shared";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ListPagination } from "../../../../components/list-pagination";
import { NextStep } from "../../../../components/next-step";
import { QueryState } from "../../../../components/query-state";
import { ResponsiveTable } from "../../../../components/responsive-table";
import { RowActions } from "../../../../components/row-actions";
import { useListParams } from "../../../../lib/router/use-list-params";
import { useRisks, useRiskWrites } from "../../api/risks";
import { DeleteItemDialog } from "../delete-item-dialog";
import { ListToolbar } from "../list-panel-parts";
import { RiskFormModal, type TRiskFormTarget } from "./risk-form-modal";

const PAGE_SIZE = 20;

/** The enterprise's risks, or only the critical ones; editable by the enterprise, read by managers. */
export function RisksPanel({ critical = false, canEdit }: { critical?: boolean; canEdit: boolean }) {
  const { t } = useTranslation("risks");
  const { q, page, update } = useListParams();
  const risks = useRisks({ q, critical, page, pageSize: PAGE_SIZE });
  const { remove } = useRiskWrites();
  const [editing, setEditing] = useState<TRiskFormTarget>(null);
  const [deleting, setDeleting] = useState<TRisk | null>(null);
  const total = risks.data?.total ?? 0;

  return (
    <Stack gap="md">
      <ListToolbar
        q={q}
        onSearch={(next) => update({ q: next })}
        total={risks.data?.total}
        create={
          canEdit
            ? { label: t(critical ? "risks.newCritical" : "risks.new"), onClick: () => setEditing("new") }
            : undefined
        }
      />
      <QueryState
        query={risks}
        filtered={Boolean(q)}
        keepDataOnError
        empty={
          <NextStep
            title={t(critical ? "risks.emptyCriticalTitle" : "risks.emptyTitle")}
            description={t(critical ? "risks.emptyCriticalText" : "risks.emptyText")}
            testId="empty-state"
          />
        }
      >
        {(loaded) => (
          <ResponsiveTable
            rows={loaded.data}
            rowKey={(risk) => risk.id}
            rowTestId="risk-row"
            caption={t(critical ? "assign.tabs.critical" : "assign.tabs.risks")}
            primary={{
              header: t("fields.name"),
              render: (risk) => (
                <Group gap="xs">
                  <span>{risk.name}</span>
                  {risk.critical ? (
                    <Badge
                      color="red"
                      variant="light"
                      c="red.9"
                      leftSection={<IconAlertTriangle size={12} aria-hidden />}
                    >
                      {t("risks.criticalBadge")}
                    </Badge>
                  ) : null}
                </Group>
              ),
            }}
            columns={[
              { key: "category", header: t("fields.category"), render: (risk) => risk.category || "—" },
              {
                key: "description",
                header: t("fields.description"),
                render: (risk) => (
                  <Text fz="sm" lineClamp={2}>
                    {risk.description || "—"}
                  </Text>
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
      <RiskFormModal target={editing} critical={critical} onClose={() => setEditing(null)} />
      <DeleteItemDialog section="risks" item={deleting} remove={remove.mutateAsync} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
