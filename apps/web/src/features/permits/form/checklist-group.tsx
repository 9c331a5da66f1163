import { Checkbox, Stack, TextInput } from "@mantine/core";
import { PERMIT_LIMITS, V } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { translateFieldError } from "../../../lib/forms/use-schema-form";
import { checklistKey } from "./permit-form-values";
import type { TChecklistGroup } from "./questions-section";
import type { TPermitForm } from "./use-permit-form";

/** A "not applicable" box's value in the group, beside the item's own tick (`key`). */
const notApplicableValue = (key: string) => `na:${key}`;

/**
 * One checklist (of the work type or of a specific risk): a tick per item, and for the items the enterprise lets
 * be "not applicable" a second box that asks why. An item is ticked or not applicable, never both: the box just
 * chosen wins. The send gate's reason shows under a list that still has an item unanswered.
 */
export function ChecklistGroup({ form, group }: { form: TPermitForm; group: TChecklistGroup }) {
  const { t } = useTranslation("permits");
  const { t: tv } = useTranslation(["validation", "errors"]);
  const values = form.getValues();
  const error = form.errors.checklist;
  const keys = group.items.map((_, index) => checklistKey(group.source, group.sourceId, index));
  const allowed = (index: number) => group.mayBeNotApplicable.includes(index);
  const isMarked = (key: string) => key in values.notApplicable;
  const chosen = keys.flatMap((key, index) => [
    ...(values.checklist[key] ? [key] : []),
    ...(allowed(index) && isMarked(key) ? [notApplicableValue(key)] : []),
  ]);
  const unanswered = keys.some(
    (key, index) => !values.checklist[key] && !(allowed(index) && values.notApplicable[key]?.trim()),
  );

  const onChange = (checked: string[]) => {
    const ticks = { ...values.checklist };
    const marks = { ...values.notApplicable };
    keys.forEach((key, index) => {
      const ticked = checked.includes(key);
      const marked = allowed(index) && checked.includes(notApplicableValue(key));
      // Both checked now: the one that was not checked before is the one just chosen.
      const tick = ticked && !(marked && values.checklist[key]);
      ticks[key] = tick;
      if (marked && !tick) marks[key] = values.notApplicable[key] ?? "";
      else delete marks[key];
    });
    form.setValues({ checklist: ticks, notApplicable: marks });
  };
  const setReason = (key: string, reason: string) =>
    form.setFieldValue("notApplicable", { ...values.notApplicable, [key]: reason });

  return (
    <Checkbox.Group
      label={t(group.source === "workType" ? "form.workTypeChecklist" : "form.specificRiskChecklist", {
        name: group.name,
      })}
      value={chosen}
      onChange={onChange}
      error={error && unanswered ? (translateFieldError(tv, error) as string) : undefined}
      withAsterisk
      data-testid="permit-checklist"
    >
      <Stack gap={6} mt={6}>
        {group.items.map((text, index) => {
          const key = keys[index]!;
          return (
            <Stack key={key} gap={4}>
              <Checkbox value={key} label={text} />
              {allowed(index) ? (
                <Checkbox
                  ml="xl"
                  size="xs"
                  value={notApplicableValue(key)}
                  label={t("form.notApplicable")}
                  // The visible words first (label in name), then which item it is about.
                  aria-label={t("form.notApplicableOf", { item: text })}
                />
              ) : null}
              {allowed(index) && isMarked(key) ? (
                <TextInput
                  ml="xl"
                  label={t("form.notApplicableReason", { item: text })}
                  value={values.notApplicable[key]}
                  onChange={(event) => setReason(key, event.currentTarget.value)}
                  maxLength={PERMIT_LIMITS.checklistReasonMax}
                  withAsterisk
                  error={
                    error === V.checklistReasonRequired && !values.notApplicable[key]?.trim()
                      ? (translateFieldError(tv, V.checklistReasonRequired) as string)
                      : undefined
                  }
                />
              ) : null}
            </Stack>
          );
        })}
      </Stack>
    </Checkbox.Group>
  );
}
