import { Anchor, Stack, Text } from "@mantine/core";
import type { TPermitListFlag, TPermitSummary } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ResponsiveTable } from "../../../components/responsive-table";
import { useFormatDateTime } from "../../../lib/i18n/use-format-date";
import { CriticalityBadge } from "./criticality-badge";
import { PermitStatusBadge } from "./permit-status-badge";
import { placeNamed } from "./use-format";

interface TPermitListProps {
  permits: TPermitSummary[];
  linkOf: (p: TPermitSummary) => string;
  /**
   * Whose list: a contractor reads the enterprise of each permit, the principal its contractor (or "internal"); the
   * server names that counterpart for the reader.
   */
  side?: "contractor" | "principal";
}

/** The badge's props of the flags a row has: each flag is named as the badge's prop. */
const badgeFlags = (flags: TPermitListFlag[]): Partial<Record<TPermitListFlag, boolean>> =>
  Object.fromEntries(flags.map((flag) => [flag, true]));

/** Permits as rows (cards on a phone), each linking to its page. */
export function PermitList({ permits, linkOf, side = "contractor" }: TPermitListProps) {
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
        side === "contractor"
          ? { key: "enterprise", header: t("fields.principal"), render: (permit) => permit.counterpart ?? "—" }
          : {
              key: "contractor",
              header: t("fields.contractor"),
              // A principal's permit without a contractor is an internal one.
              render: (permit) => permit.counterpart ?? t("internal"),
            },
        {
          key: "place",
          header: t("fields.place"),
          render: (permit) => placeNamed(permit.sector, permit.subSector) ?? t("list.noPlace"),
        },
        {
          key: "dates",
          header: t("fields.dates"),
          render: (permit) =>
            permit.startAt && permit.endAt
              ? t("list.period", { start: format(permit.startAt), end: format(permit.endAt) })
              : t("list.noDates"),
        },
        {
          key: "status",
          header: t("fields.status"),
          // On a card the badges wrap: a status with two or three flags ("En cours", "En retard", "Nouveau test de
          // gaz dû") is wider than a phone's line.
          render: (permit, layout) => (
            <PermitStatusBadge status={permit.status} {...badgeFlags(permit.flags)} noWrap={layout === "table"} />
          ),
        },
        {
          key: "criticality",
          header: t("fields.criticality"),
          render: (permit, layout) =>
            permit.criticality ? (
              <CriticalityBadge criticality={permit.criticality} noWrap={layout === "table"} />
            ) : (
              "—"
            ),
        },
      ]}
    />
  );
}
