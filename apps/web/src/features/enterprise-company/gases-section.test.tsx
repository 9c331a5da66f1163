import type { TGas } from "@openpermit/shared";
import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../test/fake-api";
import { patient } from "../../test/timeouts";
import { GasesSection } from "./components/gases-section";
import { renderCompany } from "./testing/render-company";

const gas = (id: string, name: string, fields: Partial<TGas> = {}): TGas => ({
  id: `00000000-0000-4000-8000-0000000000${id}`,
  name,
  unit: "ppm",
  lowLimit: null,
  highLimit: 5,
  enabled: true,
  used: false,
  ...fields,
});
const GASES = [
  gas("01", "O₂", { unit: "%", lowLimit: 19.5, highLimit: 23.5, used: true }),
  gas("02", "H₂S", { used: true }),
  gas("03", "NH₃", { highLimit: 25 }),
];

function serve() {
  let gases = [...GASES];
  const calls = fakeApi((request) => {
    if (!request.url.startsWith("/gases")) return { status: 404 };
    if (request.method === "POST") {
      const added = { ...gas("04", ""), ...(request.body as object) } as TGas;
      gases = [...gases, added];
      return { status: 201, data: { data: added } };
    }
    return { status: 200, data: { data: gases } };
  });
  return { writes: () => calls.filter((c) => c.method !== "GET") };
}

describe("the enterprise's gases", { timeout: patient(20_000) }, () => {
  it("lists the gases with their limits; only a gas no test read may be deleted", async () => {
    serve();
    renderCompany(<GasesSection />);
    const table = await screen.findByTestId("gases-table", {}, { timeout: patient(10_000) });
    expect(within(table).getByText("O₂ (%)")).toBeTruthy();
    expect(within(table).getByText("19.5")).toBeTruthy();
    expect(within(table).queryByRole("button", { name: "Delete O₂" })).toBeNull();
    expect(within(table).getByRole("button", { name: "Delete NH₃" })).toBeTruthy();
  });

  it("adds a gas with a high limit only", async () => {
    const server = serve();
    renderCompany(<GasesSection />);
    await screen.findByTestId("gases-table", {}, { timeout: patient(10_000) });
    fireEvent.click(screen.getByRole("button", { name: "Add a gas" }));
    const form = await screen.findByTestId("gas-form");
    fireEvent.change(within(form).getByLabelText(/^Gas/), { target: { value: "CO₂" } });
    fireEvent.change(within(form).getByLabelText(/^Unit/), { target: { value: "%" } });
    fireEvent.change(within(form).getByLabelText(/^High limit/), { target: { value: "0.5" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save the gas" }));
    expect(await screen.findByText("CO₂ saved")).toBeTruthy();
    expect(server.writes()).toMatchObject([
      {
        method: "POST",
        url: "/gases",
        body: { name: "CO₂", unit: "%", lowLimit: null, highLimit: 0.5, enabled: true },
      },
    ]);
  });
});
