import { Group, Paper, Stack, Text } from "@mantine/core";
import type { TAuditEntry } from "@openpermit/shared";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { ListPagination } from "../../../components/list-pagination";
import { ProfileSection } from "../../../components/profile-section";
import { QueryState } from "../../../components/query-state";
import { ResponsiveTable } from "../../../components/responsive-table";
import { SectionHeading } from "../../../components/section-heading";
import { type TAuditFilters, useAuditTrail } from "../api/audit";
import { auditDetailsText, auditObjectText } from "./audit-entry-text";
import { AuditExportButtons } from "./audit-export-buttons";
import { AuditFilters } from "./audit-filters";

export const AUDIT_PAGE_SIZE = 20;
export const AUDIT_ANCHOR = "audit-trail";

/** When, in UTC as the trail records it, to the second. */
function useFormatUtc(): (iso: string) => string {
  const { i18n } = useTranslation();
  return useCallback(
    (iso: string) =>
      new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" }).format(
        new Date(iso),
      ),
    [i18n.language],
  );
}

/**
 * The Enterprise's audit trail on its profile: who did what and when in its tenant, newest first, narrowed by period
 * and action, a page at a time, and exported whole as CSV or XLSX.
 */
export function AuditTrailSection() {
  const { t, i18n } = useTranslation("audit");
  const [filters, setFilters] = useState<TAuditFilters>({ from: null, to: null, action: null });
  const [page, setPage] = useState(1);
  const trail = useAuditTrail(filters, page, AUDIT_PAGE_SIZE);
  const formatUtc = useFormatUtc();
  const changeFilters = (next: TAuditFilters) => {
    setFilters(next);
    setPage(1);
  };

  return (
    <ProfileSection anchor={AUDIT_ANCHOR} titleId="profile-audit" data-testid="audit-trail-section">
      <Stack gap="md">
        <SectionHeading id="profile-audit" title={t("title")} help={t("help")} />
        <AuditFilters filters={filters} onChange={changeFilters} />
        <Group gap="sm">
          <AuditExportButtons filters={filters} />
        </Group>
        <QueryState
          query={trail}
          empty={
            <Paper withBorder p="md">
              <Text c="dimmed" data-testid="audit-empty">
                {t("empty")}
              </Text>
            </Paper>
          }
        >
          {(loaded) => (
            <>
              <ResponsiveTable<TAuditEntry>
                rows={loaded.data}
                rowKey={(row) => String(row.seq)}
                rowTestId="audit-row"
                caption={t("title")}
                titleOrder={3}
                primary={{ header: t("columns.action"), render: (row) => t(`actions.${row.action}`, row.action) }}
                columns={[
                  { key: "at", header: t("columns.at"), render: (row) => formatUtc(row.at) },
                  {
                    key: "actor",
                    header: t("columns.actor"),
                    render: (row) =>
                      row.actorLabel
                        ? `${row.actorLabel}${row.actorRole ? ` (${t(`common:roles.${row.actorRole}`, row.actorRole)})` : ""}`
                        : t("unknownActor"),
                  },
                  {
                    key: "object",
                    header: t("columns.object"),
                    render: (row) => auditObjectText(t, row),
                  },
                  {
                    key: "details",
                    header: t("columns.details"),
                    render: (row) => auditDetailsText(t, i18n.language, row) || "—",
                  },
                ]}
              />
              <ListPagination total={loaded.total} pageSize={AUDIT_PAGE_SIZE} page={page} onChange={setPage} />
            </>
          )}
        </QueryState>
      </Stack>
    </ProfileSection>
  );
}
