import { render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { Providers } from "../../../app/providers";
import { createTestQueryClient } from "../../../test/query-client";
import { createTestI18n } from "../../../test/test-i18n";
import { ComplianceLapseBanner } from "./compliance-lapse-banner";
import { PermitStatusBadge } from "./permit-status-badge";

function renderWith(ui: React.ReactNode) {
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <Providers queryClient={createTestQueryClient()} env="test">
        {ui}
      </Providers>
    </I18nextProvider>,
  );
}

describe("a permit whose compliance lapsed during the work", () => {
  it("is flagged beside its status and says who lacks what", () => {
    const complianceLapse = {
      at: "2026-11-26T08:00:00.000Z",
      gaps: [{ person: "Wendy Welder", requirement: "Hot-work training", standing: "expired" as const }],
    };
    renderWith(
      <>
        <PermitStatusBadge status="In_progress" complianceLapsed />
        <ComplianceLapseBanner permit={{ complianceLapse }} />
      </>,
    );
    expect(screen.getByTestId("permit-compliance-lapsed").textContent).toBe("Compliance lapsed");
    const banner = screen.getByTestId("permit-compliance-lapse").textContent ?? "";
    expect(banner).toContain("Wendy Welder: Hot-work training (expired)");
    expect(banner).toContain("may not start nor resume");
  });

  it("shows nothing when nothing lapsed", () => {
    renderWith(<ComplianceLapseBanner permit={{ complianceLapse: null }} />);
    expect(screen.queryByTestId("permit-compliance-lapse")).toBeNull();
  });
});
