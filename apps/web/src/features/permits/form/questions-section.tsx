import { Checkbox, Fieldset, Group, Radio, Stack, Text, Textarea } from "@mantine/core";
import { PERMIT_LIMITS, PERMIT_QUESTIONS } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { translateFieldError } from "../../../lib/forms/use-schema-form";
import { checklistKey, type TShownChecklistItem } from "./permit-form-values";
import type { TPermitForm } from "./use-permit-form";

export interface TChecklistGroup {
  source: "workType" | "specificRisk";
  sourceId: string;
  name: string;
  items: string[];
}

/** The items the form shows now, in order. */
export function shownItems(groups: TChecklistGroup[]): TShownChecklistItem[] {
  return groups.flatMap(({ source, sourceId, items }) => items.map((_, index) => ({ source, sourceId, index })));
}

/**
 * The three Yes/No questions (a possible new risk asks for its description and controls), then the checklists of
 * the work type and of the chosen specific risks: every item must be ticked before the permit can be sent.
 */
export function QuestionsSection({ form, checklists }: { form: TPermitForm; checklists: TChecklistGroup[] }) {
  const { t } = useTranslation("permits");
  const { t: tv } = useTranslation(["validation", "errors"]);
  const values = form.getValues();
  const checklistError = form.errors.checklist;
  return (
    <Fieldset legend={t("form.safety")}>
      <Stack gap="md">
        {PERMIT_QUESTIONS.map((question) => (
          <Radio.Group
            key={question}
            {...form.getInputProps(`answers.${question}`)}
            label={t(`questions.${question}`)}
            withAsterisk
            data-testid={`permit-question-${question}`}
          >
            <Group gap="lg" mt={6}>
              <Radio value="yes" label={t("answers.yes")} />
              <Radio value="no" label={t("answers.no")} />
            </Group>
          </Radio.Group>
        ))}
        {values.answers.newRiskPossible === "yes" ? (
          <Textarea
            {...form.getInputProps("newRiskDescription")}
            label={t("form.newRiskDescription")}
            description={t("form.newRiskDescriptionHint")}
            withAsterisk
            autosize
            minRows={3}
            maxLength={PERMIT_LIMITS.textMax}
            data-testid="permit-new-risk-description"
          />
        ) : null}
        {checklists.map((group) => (
          <Checkbox.Group
            key={`${group.source}:${group.sourceId}`}
            label={t(group.source === "workType" ? "form.workTypeChecklist" : "form.specificRiskChecklist", {
              name: group.name,
            })}
            value={group.items
              .map((_, index) => checklistKey(group.source, group.sourceId, index))
              .filter((key) => values.checklist[key])}
            onChange={(checked) => {
              const next = { ...values.checklist };
              group.items.forEach((_, index) => {
                const key = checklistKey(group.source, group.sourceId, index);
                next[key] = checked.includes(key);
              });
              form.setFieldValue("checklist", next);
            }}
            // The send gate's reason, under each list that still has an item unticked.
            error={
              checklistError &&
              group.items.some((_, index) => !values.checklist[checklistKey(group.source, group.sourceId, index)])
                ? (translateFieldError(tv, checklistError) as string)
                : undefined
            }
            withAsterisk
            data-testid="permit-checklist"
          >
            <Stack gap={6} mt={6}>
              {group.items.map((text, index) => {
                const key = checklistKey(group.source, group.sourceId, index);
                return <Checkbox key={key} value={key} label={text} />;
              })}
            </Stack>
          </Checkbox.Group>
        ))}
        {checklists.length === 0 ? (
          <Text fz="sm" c="dimmed">
            {t("form.noChecklist")}
          </Text>
        ) : null}
      </Stack>
    </Fieldset>
  );
}
