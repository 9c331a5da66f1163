import { V } from "@openpermit/shared";
import { fireEvent, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { Providers } from "../../../app/providers";
import { createTestQueryClient } from "../../../test/query-client";
import { createTestI18n } from "../../../test/test-i18n";
import { ChecklistGroup } from "./checklist-group";
import { draftOf, emptyFormValues } from "./permit-form-values";
import type { TChecklistGroup } from "./questions-section";
import { shownItems } from "./questions-section";
import { type TPermitForm, usePermitForm } from "./use-permit-form";

const GROUP: TChecklistGroup = {
  source: "workType",
  sourceId: "00000000-0000-4000-8000-000000000040",
  name: "Painting",
  items: ["Area ventilated", "Scaffold tagged"],
  mayBeNotApplicable: [1],
};

let form: TPermitForm;
function Harness({ error }: { error?: string }) {
  form = usePermitForm(emptyFormValues(null));
  if (error && form.errors.checklist !== error) form.setFieldError("checklist", error);
  return <ChecklistGroup form={form} group={GROUP} />;
}
const renderGroup = (error?: string) =>
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <Providers queryClient={createTestQueryClient()} env="test">
        <Harness error={error} />
      </Providers>
    </I18nextProvider>,
  );
const checklistOf = () => draftOf(form.getValues(), shownItems([GROUP])).checklist ?? [];

describe("a permit's checklist", () => {
  it("offers 'not applicable' only for the items the enterprise allows, asks why, and never keeps a tick with it", () => {
    renderGroup();
    expect(screen.getAllByRole("checkbox", { name: /^Not applicable to this job/ })).toHaveLength(1);
    fireEvent.click(screen.getByRole("checkbox", { name: "Scaffold tagged" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Not applicable to this job: Scaffold tagged" }));
    // The box just chosen wins: the tick goes.
    expect((screen.getByRole("checkbox", { name: "Scaffold tagged" }) as HTMLInputElement).checked).toBe(false);
    const reason = screen.getByRole("textbox", { name: /Why “Scaffold tagged” does not apply/ });
    fireEvent.click(screen.getByRole("checkbox", { name: "Area ventilated" }));
    expect(checklistOf()[1]).toMatchObject({ checked: false, notApplicable: true, notApplicableReason: "" });
    fireEvent.change(reason, { target: { value: "Work from the ground" } });
    expect(checklistOf()[1]).toMatchObject({
      checked: false,
      notApplicable: true,
      notApplicableReason: "Work from the ground",
    });
    // Ticking it after all drops the "not applicable" and its reason field.
    fireEvent.click(screen.getByRole("checkbox", { name: "Scaffold tagged" }));
    expect(screen.queryByRole("textbox", { name: /does not apply/ })).toBeNull();
    expect(checklistOf()[1]).toMatchObject({ checked: true, notApplicable: false });
  });

  it("shows the send gate's reason under the list and under the missing reason", () => {
    renderGroup(V.checklistReasonRequired);
    fireEvent.click(screen.getByRole("checkbox", { name: "Not applicable to this job: Scaffold tagged" }));
    expect(screen.getAllByText("Say why each item answered “not applicable” does not apply").length).toBeGreaterThan(0);
  });
});
