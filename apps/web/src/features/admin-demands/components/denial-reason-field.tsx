import { Textarea } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { V } from "@openpermit/shared";
import { useTranslation } from "react-i18next";

/**
 * Why the admin denies an enterprise's account or credits request: required (the enterprise reads it), with its
 * length as it is typed. For a missing reason "say why" tells more than a generic "description required".
 */
export function DenialReasonField({ form }: { form: UseFormReturnType<{ remark: string }> }) {
  const { t } = useTranslation("admin");
  const remark = form.getInputProps("remark");
  return (
    <Textarea
      label={t("denial.reason")}
      description={t("denial.reasonHelp", { length: form.getValues().remark.length })}
      inputWrapperOrder={["label", "input", "description", "error"]}
      required
      autosize
      minRows={3}
      maxRows={6}
      data-autofocus
      {...remark}
      error={form.errors.remark === V.descriptionRequired ? t("denial.reasonRequired") : remark.error}
    />
  );
}
