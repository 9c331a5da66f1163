import type { TRequirement } from "@openpermit/shared";
import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../test/fake-api";
import { patient } from "../../test/timeouts";
import { renderCompany } from "../enterprise-company/testing/render-company";
import { RequirementsSection } from "./components/requirements-section";

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
  requirement("01", "Liability insurance", {
    kind: "document",
    validityDays: 365,
    minimumCover: 1_000_000,
    used: true,
  }),
  requirement("02", "Hot-work training", { validityDays: 1095 }),
];

function serve() {
  let requirements = [...REQUIREMENTS];
  const calls = fakeApi((request) => {
    if (request.url === "/compliance/reminders") {
      if (request.method === "PUT") return { status: 200, data: { data: request.body } };
      return { status: 200, data: { data: { first: 30, second: 7 } } };
    }
    if (!request.url.startsWith("/compliance/requirements")) return { status: 404 };
    if (request.method === "POST") {
      const added = { ...requirement("03", ""), ...(request.body as object) } as TRequirement;
      requirements = [...requirements, added];
      return { status: 201, data: { data: added } };
    }
    return { status: 200, data: { data: requirements } };
  });
  return { writes: () => calls.filter((c) => c.method !== "GET") };
}

describe("the enterprise's compliance requirements", { timeout: patient(20_000) }, () => {
  it("lists each requirement with its validity and cover; one evidence names cannot be deleted", async () => {
    serve();
    renderCompany(<RequirementsSection />);
    const table = await screen.findByTestId("requirements-table", {}, { timeout: patient(10_000) });
    expect(within(table).getByText("365 days")).toBeTruthy();
    expect(within(table).getByText("Company document")).toBeTruthy();
    expect(within(table).queryByRole("button", { name: "Delete Liability insurance" })).toBeNull();
    expect(within(table).getByRole("button", { name: "Delete Hot-work training" })).toBeTruthy();
  });

  it("adds a company document with its minimum cover, required of every contractor", async () => {
    const server = serve();
    renderCompany(<RequirementsSection />);
    await screen.findByTestId("requirements-table", {}, { timeout: patient(10_000) });
    fireEvent.click(screen.getByRole("button", { name: "Add a requirement" }));
    const form = await screen.findByTestId("requirement-form");
    fireEvent.change(within(form).getByLabelText(/^Requirement/), { target: { value: "Safety certificate" } });
    fireEvent.change(within(form).getByLabelText(/^Valid for/), { target: { value: "730" } });
    fireEvent.change(within(form).getByLabelText(/^Minimum cover/), { target: { value: "500000" } });
    fireEvent.click(within(form).getByLabelText("Required of every contractor"));
    fireEvent.click(within(form).getByRole("button", { name: "Save the requirement" }));
    expect(await screen.findByText("Safety certificate saved")).toBeTruthy();
    expect(server.writes()).toMatchObject([
      {
        method: "POST",
        url: "/compliance/requirements",
        body: {
          kind: "document",
          name: "Safety certificate",
          validityDays: 730,
          minimumCover: 500000,
          requiredOfAll: true,
        },
      },
    ]);
  });

  it("keeps the second reminder after the first, then saves both", async () => {
    const server = serve();
    renderCompany(<RequirementsSection />);
    const form = await screen.findByTestId("reminder-days-form", {}, { timeout: patient(10_000) });
    const second = within(form).getByLabelText(/^Second reminder/);
    fireEvent.change(second, { target: { value: "40" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save the reminders" }));
    expect(await within(form).findByText(/The second reminder must come after the first/)).toBeTruthy();
    expect(server.writes()).toEqual([]);
    fireEvent.change(second, { target: { value: "14" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save the reminders" }));
    expect(await screen.findByText("Reminders saved")).toBeTruthy();
    expect(server.writes()).toMatchObject([
      { method: "PUT", url: "/compliance/reminders", body: { first: 30, second: 14 } },
    ]);
  });
});
