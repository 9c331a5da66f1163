import { Stack, Text, TextInput } from "@mantine/core";
import type { TEmployee } from "@openpermit/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { FormFooter } from "../../../components/form-footer";
import { FormModal } from "../../../components/form-modal";
import { useLeaveGuard } from "../../../components/leave-guard";
import { applyApiError } from "../../../lib/forms/apply-api-error";
import { useSchemaForm } from "../../../lib/forms/use-schema-form";
import { notifySuccess } from "../../../lib/notify";
import { useCreateEmployee } from "../api/create-employee";
import { useUpdateEmployee } from "../api/update-employee";
import {
  editEmployeeSchema,
  employeeChanges,
  inviteEmployeeSchema,
  type TEmployeeFormValues,
} from "./employee-form-schema";

/** `null`: closed; `"new"`: invite; an employee: edit. */
export type TEmployeeFormTarget = TEmployee | "new" | null;

export function EmployeeFormModal({ target, onClose }: { target: TEmployeeFormTarget; onClose: () => void }) {
  const { t } = useTranslation("employees");
  const title = target === "new" ? t("invite.title") : target ? t("edit.title", { name: target.name }) : null;
  return (
    <FormModal opened={target !== null} onClose={onClose} title={title} size="md">
      {target ? (
        <EmployeeForm
          key={target === "new" ? "new" : target.id}
          employee={target === "new" ? null : target}
          onDone={onClose}
        />
      ) : null}
    </FormModal>
  );
}

function EmployeeForm({ employee, onDone }: { employee: TEmployee | null; onDone: () => void }) {
  const { t } = useTranslation("employees");
  const create = useCreateEmployee();
  const update = useUpdateEmployee();
  const [error, setError] = useState<unknown>(null);
  const schema = employee ? editEmployeeSchema : inviteEmployeeSchema;
  const form = useSchemaForm<TEmployeeFormValues>({
    schema,
    initialValues: { name: employee?.name ?? "", email: employee?.email ?? "", phone: employee?.phone ?? "" },
  });
  // Unsaved typing: leaving the page (or closing the modal) asks first.
  useLeaveGuard(form.isDirty());

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      if (employee) {
        const changes = employeeChanges(employee, editEmployeeSchema.parse(values));
        if (changes) await update.mutateAsync(changes);
        notifySuccess(t("edit.done", { name: values.name.trim() }));
      } else {
        await create.mutateAsync(inviteEmployeeSchema.parse(values));
        notifySuccess(t("invite.done"));
      }
      onDone();
    } catch (caught) {
      if (!applyApiError(form, caught, { EMAIL_EXISTS: "email" })) setError(caught);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {employee ? null : <Text fz="sm">{t("invite.help")}</Text>}
        <ApiErrorAlert error={error} />
        <TextInput label={t("fields.name")} autoComplete="off" data-autofocus {...form.getInputProps("name")} />
        <TextInput
          label={t("fields.email")}
          type="email"
          autoComplete="off"
          readOnly={employee !== null}
          variant={employee ? "filled" : "default"}
          description={employee ? t("edit.emailFixed") : undefined}
          inputWrapperOrder={["label", "input", "description", "error"]}
          {...form.getInputProps("email")}
        />
        <TextInput label={t("fields.phoneOptional")} type="tel" autoComplete="off" {...form.getInputProps("phone")} />
        <FormFooter
          onCancel={onDone}
          submitting={form.submitting}
          submitLabel={employee ? t("edit.submit") : t("invite.submit")}
        />
      </Stack>
    </form>
  );
}
