import { MantineProvider } from "@mantine/core";
import type { TPermit } from "@openpermit/shared";
import { render, screen, within } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { createTestI18n } from "../../../test/test-i18n";
import { permit, uuid } from "../testing/permit-server";
import { PermitDetails } from "./permit-details";

const VERIFIER = { id: uuid(301), name: "Rita Verifier", role: "Responsible" };
const APPROVER = { id: uuid(302), name: "Albert Approver", role: "Responsible" };

function renderDetails(shown: TPermit) {
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <MantineProvider env="test">
        <PermitDetails permit={shown} />
      </MantineProvider>
    </I18nextProvider>,
  );
  // The "Approved by" line of the People section.
  return screen.getByText("Approved by").parentElement!;
}

const level = (flow: "verify" | "verify_and_approve") => ({ name: "Low", colour: "#2f9e44", flow });

describe("the approval line", () => {
  it("says a single-step permit was approved at its verification, by whom and when", () => {
    const line = renderDetails(
      permit(1, {
        status: "Approved",
        criticality: level("verify"),
        verifiedBy: VERIFIER,
        verifiedAt: "2026-11-20T08:30:00.000Z",
        approvedBy: null,
        approvedAt: null,
      }),
    );
    const approval = within(line).getByTestId("permit-approved-at-verification");
    expect(approval.textContent).toMatch(/^Approved at verification by Rita Verifier · .*2026/);
    expect(within(line).getByTestId("permit-approval-note").textContent).toBe(
      "Single-step criticality level: the verification is the approval.",
    );
    expect(line.textContent).not.toContain("—");
  });

  it("says, before the verification, that no separate approval will follow", () => {
    const line = renderDetails(permit(2, { status: "sended", criticality: level("verify") }));
    expect(within(line).getByTestId("permit-approval-note").textContent).toBe(
      "No separate approval: for this criticality level, the verification approves the permit.",
    );
  });

  it("keeps the dash of a two-step permit nobody approved yet", () => {
    const verified = { verifiedBy: VERIFIER, verifiedAt: "2026-11-20T08:30:00.000Z" };
    const confirmed = renderDetails(
      permit(3, { status: "Confirmed", criticality: level("verify_and_approve"), ...verified }),
    );
    expect(confirmed.textContent).toBe("Approved by—");
    expect(screen.queryByTestId("permit-approval-note")).toBeNull();
  });

  it("names the approver of a two-step permit", () => {
    const line = renderDetails(
      permit(4, {
        status: "Approved",
        criticality: level("verify_and_approve"),
        verifiedBy: VERIFIER,
        verifiedAt: "2026-11-20T08:30:00.000Z",
        approvedBy: APPROVER,
        approvedAt: "2026-11-20T09:00:00.000Z",
      }),
    );
    expect(line.textContent).toMatch(/^Approved byAlbert Approver · /);
  });
});
