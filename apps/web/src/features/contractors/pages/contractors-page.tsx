import { Button, Group, Stack } from "@mantine/core";
import { CONTRACTOR_VISIBLE_STATUSES } from "@openpermit/shared";
import { IconMailPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
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
import { type TContractorStatus, useContractors } from "../api/list-contractors";
import { canEditContractors } from "../components/can-edit-contractors";
import { ContractorList } from "../components/contractor-list";
import { InviteContractorModal } from "../components/invite-contractor-modal";

const PAGE_SIZE = 20;

/** `suppliers` (enterprise, super-responsible, responsible): affiliated and detached contractors. */
export function ContractorsPage() {
  const { t } = useTranslation("contractors");
  const session = useSession();
  const canEdit = canEditContractors(session.role);
  const { params, q, page, update } = useListParams();
  const status = readStatus(params.get("status"));
  const contractors = useContractors({ status, q, page, pageSize: PAGE_SIZE });
  const [inviting, setInviting] = useState(false);
  const total = contractors.data?.total ?? 0;
  const filtered = Boolean(q || status);

  const inviteButton = canEdit ? (
    <Button leftSection={<IconMailPlus size={16} aria-hidden />} onClick={() => setInviting(true)}>
      {t("invite.open")}
    </Button>
  ) : null;

  return (
    <>
      <PageTitle title={t("common:pages.contractors")} description={t("description")} actions={inviteButton} />
      <Stack gap="md">
        <Group align="flex-end" gap="sm">
          <SearchInput value={q} onSearch={(next) => update({ q: next })} label={t("search")} />
          <FilterSelect
            label={t("fields.status")}
            width={180}
            value={status}
            onChange={(value) => update({ status: value })}
            allLabel={t("filters.allStatuses")}
            options={CONTRACTOR_VISIBLE_STATUSES.map((value) => ({ value, label: t(`affiliationStatus.${value}`) }))}
          />
        </Group>
        <ListTotal shown={Boolean(contractors.data)}>{t("total", { total })}</ListTotal>
        <QueryState
          query={contractors}
          filtered={filtered}
          keepDataOnError
          empty={
            <NextStep
              testId="empty-state"
              title={t("empty.title")}
              description={t(canEdit ? "empty.editor" : "empty.reader")}
            />
          }
        >
          {(loaded) => <ContractorList contractors={loaded.data} basePath={`/${sessionArea(session) ?? ""}`} />}
        </QueryState>
        <ListPagination total={total} pageSize={PAGE_SIZE} page={page} onChange={(next) => update({ page: next })} />
      </Stack>
      {canEdit ? <InviteContractorModal opened={inviting} onClose={() => setInviting(false)} /> : null}
    </>
  );
}

function readStatus(value: string | null): TContractorStatus | undefined {
  return (CONTRACTOR_VISIBLE_STATUSES as readonly string[]).includes(value ?? "")
    ? (value as TContractorStatus)
    : undefined;
}
