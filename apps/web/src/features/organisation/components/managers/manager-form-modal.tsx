import { Stack, Text, TextInput } from "@mantine/core";
import type { TManager } from "@openpermit/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../../components/api-error-alert";
import { FormFooter } from "../../../../components/form-footer";
import { FormModal } from "../../../../components/form-modal";
import { useLeaveGuard } from "../../../../components/leave-guard";
import { applyApiError } from "../../../../lib/forms/apply-api-error";
import { useSchemaForm } from "../../../../lib/forms/use-schema-form";
import { notifySuccess } from "../../../../lib/notify";
import { useCreateManager } from "../../api/create-manager";
import type { TManagerRole } from "../../api/list-managers";
import { type TManagerUpdate, useUpdateManager } from "../../api/update-manager";
import { DivisionSelect } from "../division-select";
import { editManagerSchema, inviteManagerSchema, type TManagerFormValues } from "./manager-form-schema";

/** `null`: closed; `"new"`: invite; a manager: edit. */
export type TManagerFormTarget = TManager | "new" | null;

interface TManagerFormModalProps {
  managerRole: TManagerRole;
  target: TManagerFormTarget;
  divisions: { id: string; name: string }[];
  /** The super-responsible's own division: no choice. */
  fixedDivision: { id: string; name: string } | null;
  /** Preselected division for an invitation (the list's filter). */
  defaultDivisionId: string | null;
  onClose: () => void;
}

export function ManagerFormModal({ managerRole: role, target, onClose, ...rest }: TManagerFormModalProps) {
  const { t } = useTranslation("organisation");
  const title =
    target === "new" ? t(`managers.invite.${role}`) : target ? t("managers.editTitle", { name: target.name }) : null;
  return (
    <FormModal opened={target !== null} onClose={onClose} title={title}>
      {target ? (
        <ManagerForm
          key={target === "new" ? "new" : target.id}
          managerRole={role}
          manager={target === "new" ? null : target}
          onDone={onClose}
          {...rest}
        />
      ) : null}
    </FormModal>
  );
}

interface TManagerFormProps extends Omit<TManagerFormModalProps, "target" | "onClose"> {
  manager: TManager | null;
  onDone: () => void;
}

function ManagerForm({
  managerRole: role,
  manager,
  divisions,
  fixedDivision,
  defaultDivisionId,
  onDone,
}: TManagerFormProps) {
  const { t } = useTranslation("organisation");
  const create = useCreateManager();
  const update = useUpdateManager();
  const [error, setError] = useState<unknown>(null);
  const schema = manager ? editManagerSchema(manager.phone !== null) : inviteManagerSchema;
  const form = useSchemaForm<TManagerFormValues>({
    schema,
    initialValues: {
      name: manager?.name ?? "",
      email: manager?.email ?? "",
      phone: manager?.phone ?? "",
      divisionId:
        fixedDivision?.id ??
        manager?.division.id ??
        defaultDivisionId ??
        (divisions.length === 1 ? divisions[0]!.id : ""),
    },
  });
  // Unsaved typing: leaving the page (or closing the modal) asks first.
  useLeaveGuard(form.isDirty());

  const submit = form.onSubmit(async (values) => {
    setError(null);
    const parsed = schema.parse(values);
    try {
      if (manager) {
        const changes: TManagerUpdate = { id: manager.id };
        if (parsed.name !== manager.name) changes.name = parsed.name;
        if (parsed.phone !== "" && parsed.phone !== manager.phone) changes.phone = parsed.phone;
        if (!fixedDivision && parsed.divisionId !== manager.division.id) changes.divisionId = parsed.divisionId;
        if (Object.keys(changes).length > 1) await update.mutateAsync(changes);
        notifySuccess(t("managers.updated", { name: parsed.name }));
      } else {
        const created = await create.mutateAsync({ role, ...parsed });
        notifySuccess(t("managers.invited", { email: created.email }));
      }
      onDone();
    } catch (caught) {
      if (!applyApiError(form, caught, { EMAIL_EXISTS: "email" })) setError(caught);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {manager ? null : <Text fz="sm">{t("managers.inviteHelp")}</Text>}
        <ApiErrorAlert error={error} />
        <TextInput label={t("fields.fullName")} autoComplete="off" data-autofocus {...form.getInputProps("name")} />
        <TextInput
          label={t("fields.email")}
          type="email"
          autoComplete="off"
          readOnly={manager !== null}
          variant={manager ? "filled" : "default"}
          description={manager ? t("managers.emailFixed") : undefined}
          inputWrapperOrder={["label", "input", "description", "error"]}
          {...form.getInputProps("email")}
        />
        <TextInput label={t("fields.phone")} type="tel" autoComplete="off" {...form.getInputProps("phone")} />
        {fixedDivision ? (
          <TextInput label={t("fields.division")} value={fixedDivision.name} readOnly variant="filled" />
        ) : (
          <DivisionSelect
            divisions={divisions}
            {...form.getInputProps("divisionId")}
            value={form.getValues().divisionId || null}
            onChange={(value) => form.setFieldValue("divisionId", value ?? "")}
          />
        )}
        <FormFooter onCancel={onDone} submitting={form.submitting} submitLabel={t("actions.save")} />
      </Stack>
    </form>
  );
}
