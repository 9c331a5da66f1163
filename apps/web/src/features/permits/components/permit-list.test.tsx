import type { TPermitSummary } from "@openpermit/shared";
import { render, screen, within } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { Providers } from "../../../app/providers";
import { createTestQueryClient } from "../../../test/query-client";
import { createTestI18n } from "../../../test/test-i18n";
import { PermitList } from "./permit-list";

// What the list reads of a permit: an overdue, suspended work whose gas re-test and handover are due.
const flagged: TPermitSummary = {
  id: "00000000-0000-4000-8000-000000000001",
  documentNumber: "PTW-2026-000007",
  status: "In_progress",
  counterpart: "Acme Maintenance",
  sector: "Tank farm",
  subSector: null,
  taskTitle: "Backfill the trench",
  startAt: "2026-11-26T07:00:00.000Z",
  endAt: "2026-11-26T15:00:00.000Z",
  criticality: { name: "Low", colour: "green" },
  flags: ["overdue", "suspended", "gasRetestDue", "handoverDue"],
};

const matchMedia = window.matchMedia;
afterEach(() => {
  window.matchMedia = matchMedia;
});

function renderList() {
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <Providers queryClient={createTestQueryClient()} env="test">
        <MemoryRouter>
          <PermitList permits={[flagged]} linkOf={() => "/enterprise/permis/view"} side="principal" />
        </MemoryRouter>
      </Providers>
    </I18nextProvider>,
  );
  const row = screen.getByTestId("permit-row");
  return within(row)
    .getAllByText(/In progress|Overdue|Suspended|Gas re-test due|Handover due/)
    .map((label) => getComputedStyle(label).whiteSpace);
}

describe("the permit list's status badges", () => {
  it("wrap on a phone's card, where a status with three flags is wider than the line", () => {
    const spaces = renderList();
    expect(spaces).toHaveLength(5);
    expect(spaces.every((space) => space === "normal")).toBe(true);
  });

  it("stay on one line in a desktop's table, whose column widens", () => {
    window.matchMedia = ((query: string) => ({ ...matchMedia(query), matches: true })) as typeof window.matchMedia;
    const spaces = renderList();
    expect(spaces).toHaveLength(5);
    expect(spaces.every((space) => space === "nowrap")).toBe(true);
  });
});
