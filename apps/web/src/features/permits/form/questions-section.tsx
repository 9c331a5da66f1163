import { Fieldset, Group, Radio, Stack, Text, Textarea } from "@mantine/core";
import { PERMIT_LIMITS, PERMIT_QUESTIONS } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { ChecklistGroup } from "./checklist-group";
import type { TShownChecklistItem } from "./permit-form-values";
import type { TPermitForm } from "./use-permit-form";

export interface TChecklistGroup {
  source: "workType" | "specificRisk";
  sourceId: string;
  name: string;
  items: string[];
  /** The positions of the items that may be answered "not applicable". */
  mayBeNotApplicable: number[];
}

/** The items the form shows now, in order. */
export function shownItems(groups: TChecklistGroup[]): TShownChecklistItem[] {
  return groups.flatMap(({ source, sourceId, items, mayBeNotApplicable }) =>
    items.map((_, index) => ({ source, sourceId, index, mayBeNotApplicable: mayBeNotApplicable.includes(index) })),
  );
}

/**
 * The three Yes/No questions (a possible new risk asks for its description and controls), then the checklists of
 * the work type and of the chosen specific risks: every item must be ticked (or, where the enterprise allows it,
 * answered "not applicable" with the reason) before the permit can be sent.
 */
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
          <ChecklistGroup key={`${group.source}:${group.sourceId}`} form={form} group={group} />
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
