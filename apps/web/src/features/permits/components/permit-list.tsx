import { Anchor, Stack, Text } from "@mantine/core";
import type { TPermitSummary } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ResponsiveTable } from "../../../components/responsive-table";
import { CriticalityBadge } from "./criticality-badge";
import { PermitStatusBadge } from "./permit-status-badge";
import { placeOf, useFormatDateTime } from "./use-format";

/** Permits as rows (cards on a phone), each linking to its page. */
export function PermitList({ permits, linkOf }: { permits: TPermitSummary[]; linkOf: (p: TPermitSummary) => string }) {
  const { t } = useTranslation("permits");
  const format = useFormatDateTime();
  return (
    <ResponsiveTable
      rows={permits}
      rowKey={(permit) => permit.id}
      caption={t("list.caption")}
      rowTestId="permit-row"
      minWidth={760}
      primary={{
        header: t("fields.taskTitle"),
        render: (permit) => (
          <Stack gap={0}>
            <Anchor component={Link} to={linkOf(permit)} fw={600} style={{ overflowWrap: "anywhere" }}>
              {permit.taskTitle}
            </Anchor>
            <Text fz="xs" c="dimmed" data-testid="permit-row-number">
              {permit.documentNumber ?? t("draft")}
            </Text>
          </Stack>
        ),
      }}
      columns={[
        { key: "enterprise", header: t("fields.principal"), render: (permit) => permit.enterprise.name },
        { key: "place", header: t("fields.place"), render: (permit) => placeOf(permit) ?? t("list.noPlace") },
        {
          key: "dates",
          header: t("fields.dates"),
          render: (permit) =>
            permit.startAt && permit.endAt
              ? t("list.period", { start: format(permit.startAt), end: format(permit.endAt) })
              : t("list.noDates"),
        },
        { key: "status", header: t("fields.status"), render: (permit) => <PermitStatusBadge status={permit.status} /> },
        {
          key: "criticality",
          header: t("fields.criticality"),
          render: (permit) => (permit.criticality ? <CriticalityBadge criticality={permit.criticality} /> : "—"),
        },
      ]}
    />
  );
}
