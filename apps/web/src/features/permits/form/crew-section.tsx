import { Fieldset } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { CrewPicker, useCrewChoices } from "../components/crew-change-dialog";
import type { TPermitForm } from "./use-permit-form";

/**
 * The crew in the request form: the workers of the caller's company who will do the job. The server refuses
 * anyone else as unknown; the form offers only them (and keeps a named worker whose account was disabled since).
 */
export function CrewSection({ form, named }: { form: TPermitForm; named: { id: string; name: string }[] }) {
  const { t } = useTranslation("permits");
  const choices = useCrewChoices(named);
  const input = form.getInputProps("crewIds");
  return (
    <Fieldset legend={t("crew.title")} data-testid="permit-crew-field">
      <CrewPicker
        value={form.getValues().crewIds}
        onChange={(ids) => form.setFieldValue("crewIds", ids)}
        choices={choices}
        error={typeof input.error === "string" ? input.error : null}
      />
    </Fieldset>
  );
}
