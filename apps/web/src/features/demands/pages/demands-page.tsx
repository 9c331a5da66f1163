import { Button, Group, SegmentedControl, Stack } from "@mantine/core";
import { AFFILIATION_DIRECTIONS, DEMAND_STATUSES, type TAffiliationSide, type TArea } from "@openpermit/shared";
import { IconSend } from "@tabler/icons-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { FilterSelect } from "../../../components/filter-select";
import { ListPagination } from "../../../components/list-pagination";
import { ListTotal } from "../../../components/list-total";
import { NextStep } from "../../../components/next-step";
import { PageTitle } from "../../../components/page-title";
import { QueryState } from "../../../components/query-state";
import { SearchInput } from "../../../components/search-input";
import { SectionLoader } from "../../../components/section-loader";
import { useListParams } from "../../../lib/router/use-list-params";
import { useSession } from "../../../lib/session/session-context";
import { sessionArea } from "../../../lib/session/session-state";
import { CreditRequestsSection } from "../../credits/components/credit-requests-section";
import { useDemandList } from "../api/list-demands";
import { useWaitingCount } from "../api/waiting-count";
import { DemandList } from "../components/demand-list";
import { canDecideDemands, defaultView, readView, sideOfRole, type TDemandsView } from "../components/demand-side";
import { RequestCompanyDialog } from "../components/request-company-dialog";

const PAGE_SIZE = 20;

/**
 * The principal's `demand` and the supplier's `demandlist`: affiliation invitations and requests, both ways.
 * The side comes from the session's role; view, filters, search and page live in the URL.
 */
export function DemandsPage() {
  const { t } = useTranslation("demands");
  const session = useSession();
  const side = sideOfRole(session.role);
  const canDecide = canDecideDemands(session.role);
  const area = sessionArea(session) ?? "employee";
  const waitingCount = useWaitingCount(area);
  const { params, q, page, update } = useListParams();
  // The default is chosen once: deciding the last waiting demand must not switch the view under the user.
  const chosenDefault = useRef<TDemandsView | null>(null);
  chosenDefault.current ??= defaultView(waitingCount.data, waitingCount.isError);
  // A role that never decides has nothing waiting for it: always "All".
  const view = canDecide ? (readView(params.get("view")) ?? chosenDefault.current) : "all";
  const [requesting, setRequesting] = useState(false);

  const requestButton =
    side === "supplier" ? (
      <Button
        leftSection={<IconSend size={16} aria-hidden />}
        onClick={() => setRequesting(true)}
        // The French label is longer than a 360 px screen: it wraps instead of being cut.
        h="auto"
        mih={36}
        py={6}
        styles={{ label: { whiteSpace: "normal", textAlign: "start" } }}
      >
        {t("request.open")}
      </Button>
    ) : null;

  return (
    <>
      <PageTitle title={t("common:pages.requests")} description={t(`description.${side}`)} actions={requestButton} />
      {view === null ? (
        <SectionLoader />
      ) : (
        <DemandsBody
          area={area}
          view={view}
          side={side}
          canDecide={canDecide}
          params={params}
          q={q}
          page={page}
          update={update}
          onRequest={requestButton ? () => setRequesting(true) : null}
        />
      )}
      {side === "supplier" ? <RequestCompanyDialog opened={requesting} onClose={() => setRequesting(false)} /> : null}
      {session.role === "Enterprise" ? <CreditRequestsSection /> : null}
    </>
  );
}

type TListParams = ReturnType<typeof useListParams>;

interface TDemandsBodyProps extends Pick<TListParams, "params" | "q" | "page" | "update"> {
  area: TArea;
  view: TDemandsView;
  side: TAffiliationSide;
  canDecide: boolean;
  onRequest: (() => void) | null;
}

function DemandsBody({ area, view, side, canDecide, params, q, page, update, onRequest }: TDemandsBodyProps) {
  const { t } = useTranslation("demands");
  const status = readOne(DEMAND_STATUSES, params.get("status"));
  const direction = readOne(AFFILIATION_DIRECTIONS, params.get("direction"));
  const waiting = view === "waiting";
  const demands = useDemandList({
    waiting,
    // Waiting ones are pending by definition: the status filter does not apply there.
    status: waiting ? undefined : status,
    direction,
    q,
    page,
    pageSize: PAGE_SIZE,
  });
  const total = demands.data?.total ?? 0;
  const filtered = Boolean(q || direction || (!waiting && status));

  return (
    <Stack gap="md">
      {canDecide ? (
        <SegmentedControl
          aria-label={t("view.label")}
          value={view}
          onChange={(next) => update({ view: next })}
          style={{ alignSelf: "flex-start", maxWidth: "100%" }}
          data={[
            { value: "waiting", label: t("view.waiting") },
            { value: "all", label: t("view.all") },
          ]}
        />
      ) : null}
      <Group align="flex-end" gap="sm">
        <SearchInput value={q} onSearch={(next) => update({ q: next })} label={t("search")} />
        {waiting ? null : (
          <FilterSelect
            label={t("filters.status")}
            width={180}
            value={status}
            onChange={(value) => update({ status: value })}
            allLabel={t("filters.allStatuses")}
            options={DEMAND_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
          />
        )}
        <FilterSelect
          label={t("filters.direction")}
          width={220}
          value={direction}
          onChange={(value) => update({ direction: value })}
          allLabel={t("filters.allDirections")}
          options={AFFILIATION_DIRECTIONS.map((value) => ({ value, label: t(`directionFilter.${side}.${value}`) }))}
        />
      </Group>
      <ListTotal shown={Boolean(demands.data)}>{t("total", { total })}</ListTotal>
      <QueryState
        query={demands}
        filtered={filtered}
        keepDataOnError
        empty={
          <EmptyDemands
            area={area}
            waiting={waiting}
            side={side}
            onShowAll={() => update({ view: "all" })}
            onRequest={onRequest}
          />
        }
      >
        {(loaded) => <DemandList demands={loaded.data} side={side} />}
      </QueryState>
      <ListPagination total={total} pageSize={PAGE_SIZE} page={page} onChange={(next) => update({ page: next })} />
    </Stack>
  );
}

interface TEmptyDemandsProps {
  area: TArea;
  waiting: boolean;
  side: TAffiliationSide;
  onShowAll: () => void;
  onRequest: (() => void) | null;
}

/** What to do next when there is nothing to show. */
function EmptyDemands({ area, waiting, side, onShowAll, onRequest }: TEmptyDemandsProps) {
  const { t } = useTranslation("demands");
  if (waiting) {
    return (
      <NextStep
        testId="empty-state"
        title={t("empty.waitingTitle")}
        description={t("empty.waitingText")}
        action={
          <Button variant="default" onClick={onShowAll}>
            {t("empty.showAll")}
          </Button>
        }
      />
    );
  }
  if (side === "principal") {
    return (
      <NextStep
        testId="empty-state"
        title={t("empty.title")}
        description={t("empty.principalText")}
        link={{ to: `/${area}/suppliers`, label: t("empty.principalLink") }}
      />
    );
  }
  return (
    <NextStep
      testId="empty-state"
      title={t("empty.title")}
      description={t("empty.supplierText")}
      action={onRequest ? <Button onClick={onRequest}>{t("request.open")}</Button> : undefined}
    />
  );
}

function readOne<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.includes(value as T) ? (value as T) : undefined;
}
