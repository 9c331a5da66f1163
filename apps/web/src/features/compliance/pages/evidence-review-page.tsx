import { Anchor, Badge, Button, Group, Stack, Text } from "@mantine/core";
import { AREA_PATHS, EVIDENCE_STATUSES, type TEvidence, type TEvidenceStatus } from "@openpermit/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FileRow } from "../../../components/file-row";
import { FilterSelect } from "../../../components/filter-select";
import { ListPagination } from "../../../components/list-pagination";
import { NextStep } from "../../../components/next-step";
import { PageTitle } from "../../../components/page-title";
import { QueryState } from "../../../components/query-state";
import { ResponsiveTable } from "../../../components/responsive-table";
import { useFormatDateTime } from "../../../lib/i18n/use-format-date";
import { useContractors } from "../../contractors/api/list-contractors";
import { downloadEvidenceFile, type TEvidenceReviewFilters, useEvidenceToReview } from "../api/evidence-review";
import {
  AcceptEvidenceDialog,
  coverTooLow,
  RefuseEvidenceDialog,
  useEvidenceName,
} from "../components/evidence-review-dialogs";

const PAGE_SIZE = 25;
// A dot badge: the light variant of yellow or green is below WCAG AA contrast for its text.
const STATUS_COLOURS: Record<TEvidenceStatus, string> = { pending: "blue", accepted: "green", refused: "red" };

/**
 * The principal's review queue (docs/safety.md, "Contractor compliance"): the evidence contractors gave, waiting
 * for review first; each one accepted (it counts at once, until its last day) or refused with the reason the
 * contractor reads. Filtered by status (pending by default) and by contractor.
 */
export function EvidenceReviewPage() {
  const { t, i18n } = useTranslation(["complianceOverview", "complianceView"]);
  const formatDateTime = useFormatDateTime();
  const name = useEvidenceName();
  const [filters, setFilters] = useState<TEvidenceReviewFilters>({ status: "pending", supplierId: null });
  const [page, setPage] = useState(1);
  const [accepting, setAccepting] = useState<TEvidence | null>(null);
  const [refusing, setRefusing] = useState<TEvidence | null>(null);
  const evidence = useEvidenceToReview(filters, page, PAGE_SIZE);
  const contractors = useContractors({ page: 1, pageSize: 100 });
  const change = (next: Partial<TEvidenceReviewFilters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
  };
  const amount = (value: number) => new Intl.NumberFormat(i18n.language).format(value);
  const r = (key: string, options?: Record<string, unknown>) => t(`complianceReview.${key}`, options ?? {});

  return (
    <Stack gap="md">
      <PageTitle title={r("title")} />
      <Text c="dimmed" fz="sm">
        {r("intro")}{" "}
        <Anchor component={Link} to={`../../${AREA_PATHS.compliance}`} relative="path">
          {r("toOverview")}
        </Anchor>
      </Text>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <FilterSelect
          label={r("filters.status")}
          allLabel={r("filters.allStatuses")}
          options={EVIDENCE_STATUSES.map((status) => ({ value: status, label: r(`status.${status}`) }))}
          value={filters.status}
          onChange={(status) => change({ status: status as TEvidenceStatus | null })}
          width={200}
          testId="evidence-status-filter"
        />
        <FilterSelect
          label={r("filters.contractor")}
          allLabel={r("filters.allContractors")}
          options={(contractors.data?.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          value={filters.supplierId}
          onChange={(supplierId) => change({ supplierId })}
          width={240}
        />
      </Group>
      <QueryState
        query={evidence}
        filtered={filters.status !== "pending" || filters.supplierId !== null}
        keepDataOnError
        empty={
          <NextStep
            title={r("empty.title")}
            description={r("empty.text")}
            link={{ to: `../../${AREA_PATHS.compliance}`, label: r("empty.overview") }}
            testId="evidence-review-empty"
          />
        }
      >
        {(loaded) => (
          <>
            <ResponsiveTable<TEvidence>
              rows={loaded.data}
              rowKey={(e) => e.id}
              caption={r("caption")}
              rowTestId="evidence-row"
              minWidth={1100}
              primary={{
                header: r("columns.requirement"),
                render: (e) => (
                  <Stack gap={0}>
                    <Text size="sm" fw={500}>
                      {e.requirement.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t(`complianceView:kind.${e.requirement.kind}`)}
                    </Text>
                  </Stack>
                ),
              }}
              columns={[
                { key: "contractor", header: r("columns.contractor"), render: (e) => e.supplier?.name ?? "—" },
                { key: "worker", header: r("columns.worker"), render: (e) => e.worker?.name ?? r("company") },
                {
                  key: "document",
                  header: r("columns.document"),
                  render: (e) => (
                    <Stack gap={0}>
                      <Text size="sm">{e.issuer}</Text>
                      {e.reference ? (
                        <Text size="xs" c="dimmed">
                          {r("reference", { reference: e.reference })}
                        </Text>
                      ) : null}
                    </Stack>
                  ),
                },
                {
                  key: "cover",
                  header: r("columns.cover"),
                  render: (e) =>
                    e.requirement.minimumCover === null && e.coverAmount === null ? (
                      "—"
                    ) : (
                      <Stack gap={2} align="flex-start">
                        <Text size="sm">{e.coverAmount === null ? "—" : amount(e.coverAmount)}</Text>
                        {e.requirement.minimumCover !== null ? (
                          <Text size="xs" c="dimmed">
                            {r("minimum", { minimum: amount(e.requirement.minimumCover) })}
                          </Text>
                        ) : null}
                        {coverTooLow(e) ? (
                          <Badge color="red" variant="light" data-testid="cover-too-low">
                            {r("belowMinimum")}
                          </Badge>
                        ) : null}
                      </Stack>
                    ),
                },
                {
                  key: "validity",
                  header: r("columns.validity"),
                  render: (e) =>
                    e.validUntil
                      ? r("validity", { from: e.validFrom, until: e.validUntil })
                      : r("validityNoEnd", { from: e.validFrom }),
                },
                {
                  key: "given",
                  header: r("columns.given"),
                  render: (e) => (
                    <Stack gap={0}>
                      <Text size="sm">{e.submittedBy ?? "—"}</Text>
                      <Text size="xs" c="dimmed">
                        {formatDateTime(e.submittedAt)}
                      </Text>
                    </Stack>
                  ),
                },
                {
                  key: "status",
                  header: r("columns.status"),
                  render: (e) => (
                    <Stack gap={2} align="flex-start">
                      <Badge color={STATUS_COLOURS[e.status]} variant="dot">
                        {r(`status.${e.status}`)}
                      </Badge>
                      {e.reviewedAt ? (
                        <Text size="xs" c="dimmed">
                          {r("reviewedBy", { name: e.reviewedBy ?? "—", at: formatDateTime(e.reviewedAt) })}
                        </Text>
                      ) : null}
                      {e.refusalReason ? (
                        <Text size="xs" style={{ overflowWrap: "anywhere" }}>
                          {r("reason", { reason: e.refusalReason })}
                        </Text>
                      ) : null}
                    </Stack>
                  ),
                },
                {
                  key: "file",
                  header: r("columns.file"),
                  render: (e) =>
                    e.file ? (
                      <FileRow
                        name={e.file.name}
                        downloadLabel={r("openFile", { name: name(e) })}
                        download={() => downloadEvidenceFile(e)}
                      />
                    ) : (
                      "—"
                    ),
                },
              ]}
              actions={(e) =>
                e.status === "pending" ? (
                  <Group gap="xs" wrap="nowrap">
                    <Button size="xs" onClick={() => setAccepting(e)} aria-label={r("acceptOf", { name: name(e) })}>
                      {r("accept.button")}
                    </Button>
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      onClick={() => setRefusing(e)}
                      aria-label={r("refuseOf", { name: name(e) })}
                    >
                      {r("refuse.button")}
                    </Button>
                  </Group>
                ) : null
              }
            />
            <ListPagination total={loaded.total} pageSize={PAGE_SIZE} page={page} onChange={setPage} />
          </>
        )}
      </QueryState>
      <AcceptEvidenceDialog evidence={accepting} onClose={() => setAccepting(null)} />
      <RefuseEvidenceDialog evidence={refusing} onClose={() => setRefusing(null)} />
    </Stack>
  );
}
