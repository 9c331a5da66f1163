import { Button, Group, SegmentedControl, Stack, Text } from "@mantine/core";
import { permitPaths } from "@openpermit/shared";
import { IconFilePlus } from "@tabler/icons-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { ListPagination } from "../../../components/list-pagination";
import { NextStep } from "../../../components/next-step";
import { PageTitle } from "../../../components/page-title";
import { QueryState } from "../../../components/query-state";
import { type TParamChanges, useListParams } from "../../../lib/router/use-list-params";
import { useSession } from "../../../lib/session/session-context";
import { sessionArea } from "../../../lib/session/session-state";
import { PermitCalendarSection } from "../../calendar/components/permit-calendar-section";
import { displayChanges, PermitsDisplaySwitch } from "../../calendar/components/permits-display-switch";
import { useAllDivisions } from "../../organisation/api/list-divisions";
import { useAllContractors } from "../api/filter-sources";
import { useEnterpriseRiskMatrix, useEnterpriseSectors, useEnterpriseWorkTypes } from "../api/form-sources";
import { usePermitList } from "../api/permits";
import { ActiveFilters } from "../components/active-filters";
import { ownEnterpriseOf } from "../components/own-enterprise";
import { PermitExportButtons } from "../components/permit-export-buttons";
import { PermitFilterBar, type TFilterChoices } from "../components/permit-filter-bar";
import { activeFilters, FILTER_KEYS, queryOf, readFilters } from "../components/permit-filters";
import { PermitList } from "../components/permit-list";

const PAGE_SIZE = 20;

/**
 * `permit`: all a principal's staff may see; for a Responsible, "To do" (waiting for its verification or
 * approval) first, "All" a click away. `permis-list`: a Responsible's permits of its sectors. `filtred`: the
 * same list opened from a link that carries its filters (a dashboard figure), which it says plainly.
 */
type TListKind = "permit" | "all" | "filtered";

function usePermitFilterChoices(enterpriseId: string | null, isEnterprise: boolean): TFilterChoices {
  const divisions = useAllDivisions({ enabled: isEnterprise });
  const sectors = useEnterpriseSectors(enterpriseId);
  const workTypes = useEnterpriseWorkTypes(enterpriseId);
  const matrix = useEnterpriseRiskMatrix(enterpriseId);
  const contractors = useAllContractors();
  return {
    divisions: isEnterprise ? (divisions.data ?? []) : null,
    sectors: sectors.data ?? [],
    contractors: contractors.data ?? [],
    workTypes: workTypes.data ?? [],
    criticalities: matrix.data?.levels ?? [],
  };
}

/**
 * The search box keeps what is typed; when the URL's search changes otherwise (Back, "Clear filters", a link),
 * the box starts over with it. Returns the box's key and the function that records what was typed.
 */
function useSearchBox(q: string): [number, (typed: string) => void] {
  const typed = useRef(q);
  const [key, setKey] = useState(0);
  useEffect(() => {
    if (q === typed.current) return;
    typed.current = q;
    setKey((previous) => previous + 1);
  }, [q]);
  return [key, (value) => (typed.current = value)];
}

function PrincipalPermitList({ kind }: { kind: TListKind }) {
  const { t } = useTranslation("permits");
  const session = useSession();
  const area = sessionArea(session);
  const paths = permitPaths(area);
  const enterprise = ownEnterpriseOf(session);
  const isResponsible = session.role === "Responsible";
  const { params, page, update: replace } = useListParams();
  // Each choice is a step Back undoes; the search box, which changes as one types, replaces its own step.
  const update = (changes: TParamChanges) => {
    if ("q" in changes) recordSearch(String(changes.q ?? ""));
    replace(changes, { push: !("q" in changes) });
  };
  const search = params.toString();
  const values = useMemo(() => readFilters(new URLSearchParams(search)), [search]);
  const [searchKey, recordSearch] = useSearchBox(values.q);
  // A Responsible's own list opens on what waits for it; everyone else's (and the other lists) on everything.
  const requested = params.get("view");
  // The `permit` page shows its permits as a list or (view=calendar) on a calendar.
  const calendar = kind === "permit" && requested === "calendar";
  const view =
    kind === "permit" && isResponsible
      ? requested === "all"
        ? "all"
        : "todo"
      : kind === "filtered" && requested === "todo"
        ? "todo"
        : "all";
  const filters = useMemo(() => queryOf(values, view), [values, view]);
  const permits = usePermitList({ ...filters, page, pageSize: PAGE_SIZE });
  const choices = usePermitFilterChoices(enterprise?.id ?? null, session.role === "Enterprise");
  const navigate = useNavigate();
  const location = useLocation();
  const total = permits.data?.total ?? 0;
  const filtered = activeFilters(values).length > 0;

  const clear = () => {
    // The sort and the view stay. An explicit path: react-router ignores a bare "?" (an empty query string).
    const kept = new URLSearchParams(params);
    for (const key of [...FILTER_KEYS, "page"]) kept.delete(key);
    navigate({ pathname: location.pathname, search: kept.toString() });
  };
  const createButton = (
    <Button
      component={Link}
      to={paths.internalNew}
      variant="default"
      leftSection={<IconFilePlus size={16} aria-hidden />}
      data-testid="permit-create-internal"
    >
      {t("list.createInternal")}
    </Button>
  );
  const titles = { permit: "list.principalTitle", all: "list.allTitle", filtered: "list.filteredTitle" } as const;
  const descriptions = {
    permit: isResponsible ? "list.responsibleDescription" : "list.principalDescription",
    all: "list.allDescription",
    filtered: "list.filteredDescription",
  } as const;

  const empty = () => {
    if (filtered) {
      return (
        <NextStep
          testId="empty-state"
          title={t("list.emptyFilteredTitle")}
          description={t("list.emptyFiltered")}
          action={
            <Button variant="default" onClick={clear}>
              {t("filters.clear")}
            </Button>
          }
        />
      );
    }
    if (view === "todo") {
      return (
        <NextStep
          testId="empty-state"
          title={t("list.emptyTodoTitle")}
          description={t("list.emptyTodo")}
          action={
            <Button variant="default" onClick={() => update({ view: "all" })}>
              {t("list.showAll")}
            </Button>
          }
        />
      );
    }
    return (
      <NextStep
        testId="empty-state"
        title={t("list.emptyPrincipalTitle")}
        description={t("list.emptyPrincipal")}
        link={{ to: paths.internalNew, label: t("list.createInternal") }}
      />
    );
  };

  return (
    <>
      <PageTitle title={t(titles[kind])} description={t(descriptions[kind])} actions={createButton} />
      <Stack gap="md">
        {kind === "permit" ? (
          <PermitsDisplaySwitch
            value={calendar ? "calendar" : "list"}
            onChange={(next) => update({ ...displayChanges(next), page: null })}
          />
        ) : null}
        {kind === "permit" && isResponsible && !calendar ? (
          <SegmentedControl
            aria-label={t("list.viewLabel")}
            value={view}
            onChange={(next) => update({ view: next === "todo" ? null : next })}
            data={[
              { value: "todo", label: t("list.todo") },
              { value: "all", label: t("list.all") },
            ]}
            w={{ base: "100%", "2sm": "auto" }}
            style={{ alignSelf: "flex-start" }}
            data-testid="permit-view-switch"
          />
        ) : null}
        <PermitFilterBar values={values} choices={choices} onChange={update} searchKey={String(searchKey)} />
        <ActiveFilters values={values} choices={choices} onClear={clear} />
        {calendar ? <PermitCalendarSection filters={filters} linkOf={paths.view} /> : null}
        <Group justify="space-between" gap="sm" display={calendar ? "none" : undefined}>
          <Text fz="sm" c="dimmed" aria-live="polite">
            {permits.data ? t("list.total", { count: total }) : null}
          </Text>
          <Group gap="xs">
            <PermitExportButtons filters={filters} />
          </Group>
        </Group>
        {calendar ? null : (
          <QueryState query={permits} keepDataOnError>
            {(loaded) =>
              loaded.data.length === 0 ? (
                empty()
              ) : (
                <PermitList permits={loaded.data} linkOf={(permit) => paths.view(permit.id)} side="principal" />
              )
            }
          </QueryState>
        )}
        {calendar ? null : (
          <ListPagination total={total} pageSize={PAGE_SIZE} page={page} onChange={(next) => update({ page: next })} />
        )}
      </Stack>
    </>
  );
}

export const PrincipalPermitsPage = () => <PrincipalPermitList kind="permit" />;
export const AllPermitsPage = () => <PrincipalPermitList kind="all" />;
export const FilteredPermitsPage = () => <PrincipalPermitList kind="filtered" />;
