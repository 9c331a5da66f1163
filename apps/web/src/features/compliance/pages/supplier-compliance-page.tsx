import { Button, Group, Stack, Text } from "@mantine/core";
import { EVIDENCE_STATUSES, type TEvidence, type TEvidenceStatus } from "@openpermit/shared";
import { IconFileUpload } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { FilterSelect } from "../../../components/filter-select";
import { FormModal } from "../../../components/form-modal";
import { ListPagination } from "../../../components/list-pagination";
import { NextStep } from "../../../components/next-step";
import { PageTitle } from "../../../components/page-title";
import { QueryState } from "../../../components/query-state";
import { ResponsiveTable } from "../../../components/responsive-table";
import { useErrorMessage } from "../../../lib/api/use-error-message";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { openEvidenceFile, useSupplierEvidence, useWithdrawEvidence } from "../api/evidence";
import { EvidenceStatusBadge } from "../components/evidence-status-badge";
import { GiveEvidenceForm } from "../components/give-evidence-form";

const PAGE_SIZE = 25;

/**
 * The supplier's compliance screen (docs/safety.md, "Contractor compliance"): the evidence it gave its enterprises,
 * waiting for review first, each with its review (a refusal's reason in full), its file, and a withdrawal while
 * pending; and the form that gives new evidence.
 */
export function SupplierCompliancePage() {
  const { t } = useTranslation("compliance");
  const errorMessage = useErrorMessage();
  const [status, setStatus] = useState<TEvidenceStatus | null>(null);
  const [page, setPage] = useState(1);
  const [giving, setGiving] = useState(false);
  const [withdrawing, setWithdrawing] = useState<TEvidence | null>(null);
  const evidence = useSupplierEvidence(status, page, PAGE_SIZE);
  const withdraw = useWithdrawEvidence();
  const giveButton = (
    <Button leftSection={<IconFileUpload size={16} aria-hidden />} onClick={() => setGiving(true)}>
      {t("supplierCompliance.give")}
    </Button>
  );
  const open = (row: TEvidence) =>
    openEvidenceFile(row).catch((error: unknown) =>
      notifyError(t("supplierCompliance.openFailed", { reason: errorMessage(error) })),
    );

  return (
    <Stack gap="md">
      <PageTitle
        title={t("supplierCompliance.title")}
        description={t("supplierCompliance.intro")}
        actions={giveButton}
      />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <FilterSelect
          label={t("supplierCompliance.filters.status")}
          allLabel={t("supplierCompliance.filters.allStatuses")}
          options={EVIDENCE_STATUSES.map((s) => ({ value: s, label: t(`supplierCompliance.status.${s}`) }))}
          value={status}
          onChange={(next) => {
            setStatus(next as TEvidenceStatus | null);
            setPage(1);
          }}
          width={220}
          testId="evidence-status-filter"
        />
      </Group>
      <QueryState
        query={evidence}
        filtered={status !== null}
        keepDataOnError
        empty={
          <NextStep
            title={t("supplierCompliance.empty.title")}
            description={t("supplierCompliance.empty.text")}
            action={giveButton}
            testId="evidence-empty"
          />
        }
      >
        {(loaded) => (
          <>
            <ResponsiveTable<TEvidence>
              rows={loaded.data}
              rowKey={(row) => row.id}
              caption={t("supplierCompliance.caption")}
              rowTestId="evidence-row"
              primary={{
                header: t("supplierCompliance.columns.requirement"),
                render: (row) => (
                  <Stack gap={0}>
                    <Text size="sm">{row.requirement.name}</Text>
                    <Text size="xs" c="dimmed">
                      {t(`kinds.${row.requirement.kind}`)}
                    </Text>
                  </Stack>
                ),
              }}
              columns={[
                {
                  key: "enterprise",
                  header: t("supplierCompliance.columns.enterprise"),
                  render: (row) => row.enterprise.name,
                },
                {
                  key: "worker",
                  header: t("supplierCompliance.columns.worker"),
                  render: (row) => row.worker?.name ?? t("supplierCompliance.company"),
                },
                {
                  key: "issuer",
                  header: t("supplierCompliance.columns.issuer"),
                  render: (row) => (row.reference ? `${row.issuer} · ${row.reference}` : row.issuer),
                },
                {
                  key: "validity",
                  header: t("supplierCompliance.columns.validity"),
                  render: (row) =>
                    t("supplierCompliance.validity", {
                      from: row.validFrom,
                      until: row.validUntil ?? t("supplierCompliance.noEnd"),
                    }),
                },
                {
                  key: "status",
                  header: t("supplierCompliance.columns.status"),
                  render: (row) => (
                    <Stack gap={4} align="flex-start">
                      <EvidenceStatusBadge status={row.status} validUntil={row.validUntil} />
                      {row.status === "refused" && row.refusalReason ? (
                        <Text size="sm" c="red.9" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                          {t("supplierCompliance.refusalReason", { reason: row.refusalReason })}
                        </Text>
                      ) : null}
                    </Stack>
                  ),
                },
              ]}
              actions={(row) => (
                <Group gap="xs" wrap="wrap">
                  {row.file ? (
                    <Button
                      size="xs"
                      variant="subtle"
                      onClick={() => void open(row)}
                      aria-label={t("supplierCompliance.openFileOf", { requirement: row.requirement.name })}
                    >
                      {t("supplierCompliance.openFile")}
                    </Button>
                  ) : null}
                  {row.status === "pending" ? (
                    <Button
                      size="xs"
                      variant="light"
                      color="red.9"
                      onClick={() => setWithdrawing(row)}
                      aria-label={t("supplierCompliance.withdrawOf", { requirement: row.requirement.name })}
                    >
                      {t("supplierCompliance.withdraw")}
                    </Button>
                  ) : null}
                </Group>
              )}
            />
            <ListPagination total={loaded.total} pageSize={PAGE_SIZE} page={page} onChange={setPage} />
          </>
        )}
      </QueryState>
      <FormModal
        opened={giving}
        title={giving ? t("supplierCompliance.form.title") : null}
        onClose={() => setGiving(false)}
      >
        {giving ? <GiveEvidenceForm onDone={() => setGiving(false)} /> : null}
      </FormModal>
      <ConfirmDialog
        opened={withdrawing !== null}
        title={t("supplierCompliance.withdrawTitle")}
        confirmLabel={t("supplierCompliance.withdraw")}
        danger
        onClose={() => setWithdrawing(null)}
        onConfirm={async () => {
          await withdraw.mutateAsync(withdrawing!.id);
          notifySuccess(t("supplierCompliance.withdrawn"));
        }}
      >
        {t("supplierCompliance.withdrawText", {
          requirement: withdrawing?.requirement.name ?? "",
          enterprise: withdrawing?.enterprise.name ?? "",
        })}
      </ConfirmDialog>
    </Stack>
  );
}
