import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../test/render-app";
import { patient } from "../../../test/timeouts";
import { defaultMatrix, EMPTY_MATRIX, enterpriseToken, risksServer, superToken } from "../testing/risks-server";

const MESSAGE = "Severity and probability must be added to the table";

describe("risk matrix page", () => {
  it("says severity and probability must be added until both axes have a level, then shows the grid", async () => {
    risksServer({ matrix: EMPTY_MATRIX });
    renderPage("/enterprise/criticality", { token: enterpriseToken() });
    expect(
      await screen.findByRole("heading", { level: 1, name: "Risk matrix" }, { timeout: patient(5000) }),
    ).toBeTruthy();
    expect(await screen.findByText(MESSAGE)).toBeTruthy();
    expect(screen.getByText("No probability level yet")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Add a probability level" }));
    fireEvent.change(screen.getByLabelText("Probability 1"), { target: { value: "Rare" } });
    // One axis is not enough.
    expect(screen.getByText(MESSAGE)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Add a severity level" }));
    fireEvent.change(screen.getByLabelText("Severity 1"), { target: { value: "Minor" } });
    expect(screen.queryByText(MESSAGE)).toBeNull();
    expect(screen.getByLabelText("Criticality for probability Rare and severity Minor")).toBeTruthy();
  });

  it("starts from the default matrix after a confirmation, shows level names on their colours, and saves a cell", async () => {
    const server = risksServer({ matrix: EMPTY_MATRIX });
    renderPage("/enterprise/criticality", { token: enterpriseToken() });
    fireEvent.click(
      await screen.findByRole("button", { name: "Start from the default matrix" }, { timeout: patient(5000) }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Start from the default matrix?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Use the default matrix" }));
    expect(await screen.findByText("Default matrix in place")).toBeTruthy();
    const cell = (await screen.findByLabelText(
      "Criticality for probability Almost certain and severity Catastrophic",
    )) as HTMLSelectElement;
    expect(cell.selectedOptions[0]!.textContent).toBe("Critical");
    expect(cell.style.background).toContain("rgb(224, 49, 49)");
    expect(cell.style.color).toBe("rgb(0, 0, 0)");

    const rare = screen.getByLabelText("Criticality for probability Rare and severity Negligible") as HTMLSelectElement;
    const high = [...rare.options].find((option) => option.textContent === "High")!;
    fireEvent.change(rare, { target: { value: high.value } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Risk matrix saved")).toBeTruthy();
    const put = server.writes().find((call) => call.method === "PUT")!;
    const body = put.body as { cells: { probabilityId: string; severityId: string; levelId: string }[] };
    expect(body.cells).toHaveLength(25);
    expect(body.cells).toContainEqual({
      probabilityId: server.state.matrix.probabilities[0]!.id,
      severityId: server.state.matrix.severities[0]!.id,
      levelId: high.value,
    });
  });

  it("refuses to save a level without a name and a table with empty cells", async () => {
    const server = risksServer({ matrix: defaultMatrix() });
    renderPage("/enterprise/criticality", { token: enterpriseToken() });
    fireEvent.click(await screen.findByRole("button", { name: "Add a severity level" }, { timeout: patient(5000) }));
    fireEvent.click(screen.getByRole("button", { name: "Add a criticality level" }));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const errors = await screen.findByTestId("matrix-errors");
    expect(within(errors).getByText("Every cell of the table needs a criticality level")).toBeTruthy();
    expect(screen.getAllByText("Name required").length).toBeGreaterThan(0);
    expect(server.writes()).toEqual([]);
  });

  it("is read only for a super-responsible the enterprise has not allowed", async () => {
    risksServer({ matrix: defaultMatrix({ canEdit: false }) });
    renderPage("/superresponsible/criticality", { token: superToken() });
    expect(await screen.findByTestId("matrix-read-only", {}, { timeout: patient(5000) })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Start from the default matrix" })).toBeNull();
    expect(screen.queryByRole("switch")).toBeNull();
    await waitFor(() => expect(screen.getAllByText("Critical").length).toBeGreaterThan(0));
  });

  it("asks before an unsaved matrix is left, and not once it is saved", async () => {
    risksServer({ matrix: defaultMatrix() });
    const { router } = renderPage("/enterprise/criticality", { token: enterpriseToken() });
    await screen.findByLabelText("Criticality for probability Rare and severity Negligible", undefined, {
      timeout: patient(5000),
    });
    // Nothing edited: the page may be left.
    await act(() => router.navigate("/enterprise/default"));
    expect(router.state.location.pathname).toBe("/enterprise/default");
    await act(() => router.navigate(-1));
    const cell = (await screen.findByLabelText(
      "Criticality for probability Rare and severity Negligible",
    )) as HTMLSelectElement;
    const high = [...cell.options].find((option) => option.textContent === "High")!;
    fireEvent.change(cell, { target: { value: high.value } });
    await act(() => router.navigate("/enterprise/default"));
    expect(await screen.findByRole("dialog", { name: "Leave without saving?" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Stay" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Leave without saving?" })).toBeNull());
    expect(router.state.location.pathname).toBe("/enterprise/criticality");
    expect(cell.value).toBe(high.value);

    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Risk matrix saved")).toBeTruthy();
    await act(() => router.navigate("/enterprise/default"));
    expect(router.state.location.pathname).toBe("/enterprise/default");
    expect(screen.queryByRole("dialog", { name: "Leave without saving?" })).toBeNull();
  });
});
