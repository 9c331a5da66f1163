import { Button, Group, Stack, Title, VisuallyHidden } from "@mantine/core";
import { ACCOUNT_STATUSES, type TAccountStatus, type TManager } from "@openpermit/shared";
import { IconUserPlus } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { FilterSelect } from "../../../../components/filter-select";
import { ListPagination } from "../../../../components/list-pagination";
import { ListTotal } from "../../../../components/list-total";
import { NextStep } from "../../../../components/next-step";
import { QueryState } from "../../../../components/query-state";
import { SearchInput } from "../../../../components/search-input";
import { useErrorMessage } from "../../../../lib/api/use-error-message";
import { notifyError, notifySuccess } from "../../../../lib/notify";
import { useListParams } from "../../../../lib/router/use-list-params";
import { useEnableManager } from "../../api/enable-manager";
import { type TManagerRole, useManagers } from "../../api/list-managers";
import { useResendInvitation } from "../../api/resend-invitation";
import { ALL, DivisionSelect } from "../division-select";
import type { TManagerAction } from "./manager-actions-menu";
import { ManagerConfirmDialog, type TManagerConfirm } from "./manager-dialogs";
import { ManagerFormModal, type TManagerFormTarget } from "./manager-form-modal";
import { ManagerList } from "./manager-list";

const PAGE_SIZE = 20;
/** The statuses a manager can have (others belong to self-registered accounts). */
const FILTER_STATUSES = ["invited", "active", "disabled"] as const satisfies readonly TAccountStatus[];

interface TManagersPanelProps {
  managerRole: TManagerRole;
  isEnterprise: boolean;
  divisions: { id: string; name: string }[];
  fixedDivision: { id: string; name: string } | null;
  /** Open the invitation form at once (the matrix's "Invite a permit manager"). */
  startInviting?: boolean;
  onInvitingStarted?: () => void;
}

/** On-site managers or permit managers: search, filters, invitation, edit, disable, resend, delete. */
export function ManagersPanel(props: TManagersPanelProps) {
  const { managerRole: role, isEnterprise, divisions, fixedDivision, startInviting, onInvitingStarted } = props;
  const { t } = useTranslation("organisation");
  const describe = useErrorMessage();
  const { params, q, page, update } = useListParams();
  const status = readStatus(params.get("status"));
  const divisionFilter = isEnterprise ? params.get("division") || null : null;
  const managers = useManagers({ role, divisionId: divisionFilter ?? undefined, status, q, page, pageSize: PAGE_SIZE });
  const enable = useEnableManager();
  const resend = useResendInvitation();
  const [editing, setEditing] = useState<TManagerFormTarget>(null);
  const [confirming, setConfirming] = useState<TManagerConfirm>(null);
  const total = managers.data?.total ?? 0;
  const filtered = Boolean(q || status || divisionFilter);

  useEffect(() => {
    if (!startInviting) return;
    setEditing("new");
    onInvitingStarted?.();
  }, [startInviting, onInvitingStarted]);

  const onAction = (action: TManagerAction, manager: TManager) => {
    if (action === "edit") setEditing(manager);
    else if (action === "disable" || action === "delete") setConfirming({ action, manager });
    else if (action === "enable") {
      enable.mutate(manager.id, {
        onSuccess: () => notifySuccess(t("managers.done.enable", { name: manager.name })),
        onError: (error) => notifyError(describe(error)),
      });
    } else {
      resend.mutate(manager.id, {
        onSuccess: () => notifySuccess(t("managers.done.resend", { email: manager.email })),
        onError: (error) => notifyError(describe(error)),
      });
    }
  };

  return (
    <Stack gap="md">
      <VisuallyHidden>
        <Title order={2}>{t(`managers.list.${role}`)}</Title>
      </VisuallyHidden>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group align="flex-end" gap="sm" w={{ base: "100%", md: "auto" }}>
          <SearchInput value={q} onSearch={(next) => update({ q: next })} label={t("managers.search")} />
          <FilterSelect
            label={t("fields.status")}
            width={180}
            value={status}
            onChange={(value) => update({ status: value })}
            allLabel={t("filters.allStatuses")}
            options={FILTER_STATUSES.map((value) => ({ value, label: t(`common:accountStatus.${value}`) }))}
          />
          {isEnterprise ? (
            <DivisionSelect
              divisions={divisions}
              withAll
              w={{ base: "100%", "2sm": 220 }}
              value={divisionFilter ?? ALL}
              onChange={(value) => update({ division: value === ALL ? null : value })}
            />
          ) : null}
        </Group>
        <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => setEditing("new")}>
          {t(`managers.invite.${role}`)}
        </Button>
      </Group>
      <ListTotal shown={Boolean(managers.data)}>{t("total", { total })}</ListTotal>
      <QueryState
        query={managers}
        filtered={filtered}
        keepDataOnError
        empty={
          <NextStep
            testId="empty-state"
            title={t(`managers.empty.${role}`)}
            description={t(`managers.emptyText.${role}`)}
          />
        }
      >
        {(loaded) => (
          <ManagerList
            managers={loaded.data}
            caption={t(`managers.list.${role}`)}
            showDivision={isEnterprise}
            onAction={onAction}
          />
        )}
      </QueryState>
      <ListPagination total={total} pageSize={PAGE_SIZE} page={page} onChange={(next) => update({ page: next })} />
      <ManagerFormModal
        managerRole={role}
        target={editing}
        divisions={divisions}
        fixedDivision={fixedDivision}
        defaultDivisionId={divisionFilter}
        onClose={() => setEditing(null)}
      />
      <ManagerConfirmDialog pending={confirming} onClose={() => setConfirming(null)} />
    </Stack>
  );
}

function readStatus(value: string | null): TAccountStatus | undefined {
  return (ACCOUNT_STATUSES as readonly string[]).includes(value ?? "") ? (value as TAccountStatus) : undefined;
}
