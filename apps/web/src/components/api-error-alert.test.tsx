import { render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import frComplianceGates from "../../public/locales/fr/complianceGates.json";
import frErrors from "../../public/locales/fr/errors.json";
import { Providers } from "../app/providers";
import { ApiError } from "../lib/api/api-error";
import { createTestQueryClient } from "../test/query-client";
import { createTestI18n } from "../test/test-i18n";
import { ApiErrorAlert } from "./api-error-alert";

// A compliance gate's refusal names who lacks what: the names as the server sent them, the sentence translated.
function showRefusal(error: ApiError, language: "en" | "fr" = "en") {
  const i18n = createTestI18n();
  if (language === "fr") {
    i18n.addResourceBundle("fr", "errors", frErrors);
    i18n.addResourceBundle("fr", "complianceGates", frComplianceGates);
    void i18n.changeLanguage("fr");
  }
  render(
    <I18nextProvider i18n={i18n}>
      <Providers queryClient={createTestQueryClient()} env="test">
        <ApiErrorAlert error={error} />
      </Providers>
    </I18nextProvider>,
  );
  return screen.getByRole("alert").textContent;
}

const crewRefusal = () =>
  new ApiError(409, "CREW_NOT_COMPLIANT", "server text", undefined, {
    gaps: [
      { person: "Wendy Welder", requirement: "Hot-work training", standing: "expired" },
      { person: null, requirement: "Fire watch", standing: "missing" },
    ],
  });

describe("a compliance refusal", () => {
  it("says who lacks what on a crew", () => {
    expect(showRefusal(crewRefusal())).toBe(
      "The crew does not hold what this work requires: Wendy Welder: Hot-work training (expired); nobody on the crew holds Fire watch",
    );
  });

  it("says it in the reader's language", () => {
    expect(showRefusal(crewRefusal(), "fr")).toBe(
      "L’équipe ne détient pas ce que ce travail exige : Wendy Welder : Hot-work training (expiré) ; personne de l’équipe ne détient Fire watch",
    );
  });

  it("names the contractor's missing documents", () => {
    const error = new ApiError(409, "COMPLIANCE_DOCUMENTS_MISSING", "server text", undefined, {
      gaps: [
        { person: null, requirement: "Liability insurance", standing: "refused" },
        { person: null, requirement: "Safety certificate", standing: "missing" },
      ],
    });
    expect(showRefusal(error)).toBe(
      "The contractor lacks required valid documents: Liability insurance (refused); Safety certificate (missing)",
    );
  });
});

describe("a refusal of fields not on screen", () => {
  it("says which are not valid, each once (a dialog's send shows no field)", () => {
    const error = new ApiError(400, "VALIDATION_FAILED", "server text", {
      startAt: "startInPast",
      endAt: "dateRangeOrder",
      "crew.0": "dateRangeOrder",
    });
    expect(showRefusal(error)).toBe(
      "Some fields are not valid. Check the form. The work cannot start in the past: choose a start from now " +
        "The end date cannot be before the start date",
    );
  });
});
