import { Anchor, Stack, Text } from "@mantine/core";
import { permitPaths, type TIsolationInPlace } from "@openpermit/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { NextStep } from "../../../components/next-step";
import { PagedTable } from "../../../components/paged-table";
import { useFormatDateTime } from "../../../lib/i18n/use-format-date";
import { useSession } from "../../../lib/session/session-context";
import { sessionArea } from "../../../lib/session/session-state";
import { useIsolationsInPlace } from "../api/isolations";
import { IsolationState } from "./isolation-state";

const PAGE_SIZE = 20;

/** Every isolation in place now: where, since when, by whom, proven or not, and the live permits needing it. */
export function IsolationsInPlace() {
  const { t } = useTranslation("isolations");
  const format = useFormatDateTime();
  const paths = permitPaths(sessionArea(useSession()));
  const [page, setPage] = useState(1);
  const inPlace = useIsolationsInPlace(page, PAGE_SIZE);
  return (
    <PagedTable<TIsolationInPlace>
      query={inPlace}
      empty={<NextStep testId="empty-state" title={t("inPlace.emptyTitle")} description={t("inPlace.emptyText")} />}
      page={page}
      pageSize={PAGE_SIZE}
      onPageChange={setPage}
      caption={t("inPlace.caption")}
      rowTestId="isolation-in-place-row"
      rowKey={(p) => p.id}
      primary={{ header: t("fields.tag"), render: (p) => <Text fw={600}>{p.tag}</Text> }}
      columns={[
        {
          key: "where",
          header: t("inPlace.where"),
          render: (p) => [p.sectorName, p.subSectorName].filter(Boolean).join(" › "),
        },
        { key: "equipment", header: t("fields.equipment"), render: (p) => p.equipment },
        {
          key: "since",
          header: t("inPlace.since"),
          render: (p) =>
            t("inPlace.appliedBy", {
              when: format(p.application.appliedAt),
              name: p.application.appliedBy?.name ?? "—",
            }),
        },
        { key: "state", header: t("fields.state"), render: (p) => <IsolationState point={p} /> },
        {
          key: "permits",
          header: t("inPlace.permits"),
          render: (p) =>
            p.permits.length === 0 ? (
              <Text fz="sm" c="dimmed">
                {t("inPlace.noPermit")}
              </Text>
            ) : (
              <Stack gap={2}>
                {p.permits.map((permit) => (
                  <Anchor key={permit.id} component={Link} to={paths.view(permit.id)} fz="sm">
                    {permit.documentNumber ?? "—"} · {permit.taskTitle}
                  </Anchor>
                ))}
              </Stack>
            ),
        },
      ]}
    />
  );
}
