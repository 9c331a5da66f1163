import { Button, Group, Stack } from "@mantine/core";
import type { TPermitStatus } from "@openpermit/shared";
import { permitPaths } from "@openpermit/shared";
import { IconFilePlus } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FilterSelect } from "../../../components/filter-select";
import { ListPagination } from "../../../components/list-pagination";
import { ListTotal } from "../../../components/list-total";
import { NextStep } from "../../../components/next-step";
import { PageTitle } from "../../../components/page-title";
import { QueryState } from "../../../components/query-state";
import { SearchInput } from "../../../components/search-input";
import { useListParams } from "../../../lib/router/use-list-params";
import { useSession } from "../../../lib/session/session-context";
import { sessionArea } from "../../../lib/session/session-state";
import { usePermitList } from "../api/permits";
import { isPermitStatus, SAVED_STATUSES, SENT_STATUSES } from "../api/workflow";
import { PermitList } from "../components/permit-list";

const PAGE_SIZE = 20;

/** The saved (drafts, rechecks) or sent permits of a contractor: search, status filter, server pages. */
function PermitListPage({ view }: { view: "saved" | "sent" }) {
  const { t } = useTranslation("permits");
  const paths = permitPaths(sessionArea(useSession()));
  const { params, q, page, update } = useListParams();
  const statuses = view === "saved" ? SAVED_STATUSES : SENT_STATUSES;
  const raw = params.get("status");
  const status = isPermitStatus(raw) && statuses.includes(raw) ? raw : undefined;
  const permits = usePermitList({ view, status, q, page, pageSize: PAGE_SIZE, sort: "-createdAt" });
  const total = permits.data?.total ?? 0;
  const filtered = Boolean(q || status);

  const createButton =
    view === "saved" ? (
      <Button
        component={Link}
        to={paths.newRequest}
        leftSection={<IconFilePlus size={16} aria-hidden />}
        data-testid="permit-create"
      >
        {t("list.create")}
      </Button>
    ) : null;

  return (
    <>
      <PageTitle
        title={t(view === "saved" ? "list.savedTitle" : "list.sentTitle")}
        description={t(view === "saved" ? "list.savedDescription" : "list.sentDescription")}
        actions={createButton}
      />
      <Stack gap="md">
        <Group align="flex-end" gap="sm">
          <SearchInput value={q} onSearch={(next) => update({ q: next })} label={t("list.search")} />
          <FilterSelect
            label={t("fields.status")}
            width={200}
            value={status}
            onChange={(value) => update({ status: value })}
            allLabel={t("list.allStatuses")}
            options={statuses.map((value: TPermitStatus) => ({ value, label: t(`status.${value}`) }))}
            testId="permit-status-filter"
          />
        </Group>
        <ListTotal shown={Boolean(permits.data)}>{t("list.total", { count: total })}</ListTotal>
        <QueryState
          query={permits}
          filtered={filtered}
          keepDataOnError
          empty={
            view === "saved" ? (
              <NextStep
                testId="empty-state"
                title={t("list.emptySavedTitle")}
                description={t("list.emptySaved")}
                action={createButton}
              />
            ) : (
              <NextStep
                testId="empty-state"
                title={t("list.emptySentTitle")}
                description={t("list.emptySent")}
                link={{ to: paths.saved, label: t("list.goToSaved") }}
              />
            )
          }
        >
          {(loaded) => <PermitList permits={loaded.data} linkOf={paths.open} />}
        </QueryState>
        <ListPagination total={total} pageSize={PAGE_SIZE} page={page} onChange={(next) => update({ page: next })} />
      </Stack>
    </>
  );
}

export const SavedPermitsPage = () => <PermitListPage view="saved" />;
export const SentPermitsPage = () => <PermitListPage view="sent" />;
