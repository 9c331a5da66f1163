import { Checkbox, Fieldset, Group, Radio, Stack, Text } from "@mantine/core";
import { PERMIT_QUESTIONS } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
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

/** The three Yes/No questions, then the checklists of the work type and of the chosen specific risks. */
export function QuestionsSection({ form, checklists }: { form: TPermitForm; checklists: TChecklistGroup[] }) {
  const { t } = useTranslation("permits");
  const values = form.getValues();
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
