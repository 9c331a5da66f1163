import { Button, Group, Stack } from "@mantine/core";
import { type TAccountStatus, type TEmployee, ZAccountStatusSchema } from "@openpermit/shared";
import { IconUserPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FilterSelect } from "../../../components/filter-select";
import { ListPagination } from "../../../components/list-pagination";
import { ListTotal } from "../../../components/list-total";
import { NextStep } from "../../../components/next-step";
import { PageTitle } from "../../../components/page-title";
import { QueryState } from "../../../components/query-state";
import { SearchInput } from "../../../components/search-input";
import { useErrorMessage } from "../../../lib/api/use-error-message";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useListParams } from "../../../lib/router/use-list-params";
import { useEmployees } from "../api/list-employees";
import { useResendEmployeeInvitation } from "../api/resend-invitation";
import type { TEmployeeAction } from "../components/employee-actions-menu";
import { EmployeeConfirmDialog, type TEmployeeConfirm } from "../components/employee-dialogs";
import { EmployeeFormModal, type TEmployeeFormTarget } from "../components/employee-form-modal";
import { EmployeeList } from "../components/employee-list";

const PAGE_SIZE = 20;
/** The statuses an invited person can have. */
const FILTER_STATUSES = ["invited", "active", "disabled"] as const satisfies readonly TAccountStatus[];

/** `/supplier/employeelist`: the supplier's employees — search, status, invite, edit, disable, resend, delete. */
export function EmployeesPage() {
  const { t } = useTranslation("employees");
  const describe = useErrorMessage();
  const { params, q, page, update } = useListParams();
  const status = ZAccountStatusSchema.safeParse(params.get("status")).data;
  const employees = useEmployees({ q, status, page, pageSize: PAGE_SIZE });
  const resend = useResendEmployeeInvitation();
  const [editing, setEditing] = useState<TEmployeeFormTarget>(null);
  const [confirming, setConfirming] = useState<TEmployeeConfirm>(null);
  const total = employees.data?.total ?? 0;
  const filtered = Boolean(q || status);

  const onAction = (action: TEmployeeAction, employee: TEmployee) => {
    if (action === "edit") setEditing(employee);
    else if (action === "resend") {
      resend.mutate(employee.id, {
        onSuccess: () => notifySuccess(t("done.resend", { email: employee.email })),
        onError: (error) => notifyError(describe(error)),
      });
    } else setConfirming({ action, employee });
  };

  const inviteButton = (
    <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => setEditing("new")}>
      {t("invite.open")}
    </Button>
  );

  return (
    <>
      <PageTitle title={t("common:pages.employees")} description={t("description")} />
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Group align="flex-end" gap="sm" w={{ base: "100%", md: "auto" }}>
            <SearchInput value={q} onSearch={(next) => update({ q: next })} label={t("list.search")} />
            <FilterSelect
              label={t("fields.status")}
              width={180}
              value={status}
              onChange={(value) => update({ status: value })}
              allLabel={t("list.allStatuses")}
              options={FILTER_STATUSES.map((value) => ({ value, label: t(`common:accountStatus.${value}`) }))}
            />
          </Group>
          {inviteButton}
        </Group>
        <ListTotal shown={Boolean(employees.data)}>{t("list.total", { count: total })}</ListTotal>
        <QueryState
          query={employees}
          filtered={filtered}
          keepDataOnError
          empty={<NextStep testId="empty-state" title={t("list.empty")} description={t("list.emptyText")} />}
        >
          {(loaded) => <EmployeeList employees={loaded.data} onAction={onAction} />}
        </QueryState>
        <ListPagination total={total} pageSize={PAGE_SIZE} page={page} onChange={(next) => update({ page: next })} />
      </Stack>
      <EmployeeFormModal target={editing} onClose={() => setEditing(null)} />
      <EmployeeConfirmDialog pending={confirming} onClose={() => setConfirming(null)} />
    </>
  );
}
