import type { TRequirement } from "@openpermit/shared";
import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../test/fake-api";
import { patient } from "../../test/timeouts";
import { renderCompany } from "../enterprise-company/testing/render-company";
import { WorkTypeCompliance } from "./components/work-type-compliance";

const WORK_TYPE = "00000000-0000-4000-8000-000000000099";
const requirement = (id: string, name: string, fields: Partial<TRequirement> = {}): TRequirement => ({
  id: `00000000-0000-4000-8000-0000000000${id}`,
  kind: "competence",
  name,
  description: "",
  requiredOfAll: false,
  validityDays: null,
  minimumCover: null,
  enabled: true,
  used: false,
  ...fields,
});
const REQUIREMENTS = [
  requirement("01", "Liability insurance", { kind: "document" }),
  requirement("02", "Hot-work training"),
  requirement("03", "Rescue attendant"),
];

describe("the compliance a work type needs", { timeout: patient(20_000) }, () => {
  it("offers the worker requirements only, and saves each with its crew rule", async () => {
    const calls = fakeApi((request) => {
      if (request.url === "/compliance/requirements") return { status: 200, data: { data: REQUIREMENTS } };
      if (request.url === `/work-types/${WORK_TYPE}/compliance`) {
        if (request.method === "PUT") return { status: 200, data: { data: { requirements: [] } } };
        const needs = [
          { requirementId: REQUIREMENTS[1]!.id, name: "Hot-work training", kind: "competence", rule: "every_worker" },
        ];
        return { status: 200, data: { data: { requirements: needs } } };
      }
      return { status: 404 };
    });
    renderCompany(<WorkTypeCompliance workTypeId={WORK_TYPE} />);
    const box = await screen.findByTestId("work-type-compliance");
    const rescue = (await within(box).findAllByLabelText("Rescue attendant", {}, { timeout: patient(10_000) }))[0]!;
    expect(within(box).queryAllByLabelText("Liability insurance")[0] ?? null).toBeNull();
    fireEvent.click(rescue);
    fireEvent.click(await screen.findByRole("option", { name: "At least one crew member" }));
    fireEvent.click(within(box).getByRole("button", { name: "Save the compliance needed" }));
    expect(await screen.findByText("Compliance needed saved")).toBeTruthy();
    expect(calls.filter((c) => c.method === "PUT")).toMatchObject([
      {
        body: {
          requirements: [
            { requirementId: REQUIREMENTS[1]!.id, rule: "every_worker" },
            { requirementId: REQUIREMENTS[2]!.id, rule: "one_worker" },
          ],
        },
      },
    ]);
  });
});
