import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import frPermits from "../../../../public/locales/fr/permits.json";
import { createTestI18n } from "../../../test/test-i18n";
import { permit, uuid } from "../testing/permit-server";
import { PermitConditions } from "./permit-conditions";

/** A mask the admin named in French too, and gloves named in English only. */
const withEpis = permit(12, {
  epis: [
    { id: uuid(62), name: "Welding mask", nameFr: "Masque de soudeur", iconUrl: null },
    { id: uuid(63), name: "Safety gloves", nameFr: "", iconUrl: null },
  ],
});

async function renderIn(language: "en" | "fr") {
  const i18n = createTestI18n();
  i18n.addResourceBundle("fr", "permits", frPermits, true, true);
  await i18n.changeLanguage(language);
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider env="test">
        <QueryClientProvider client={new QueryClient()}>
          <PermitConditions permit={withEpis} />
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
  return screen.getByTestId("permit-conditions").textContent ?? "";
}

describe("the EPIs of a permit's conditions", () => {
  it("are named in French for a French reader, in English when the admin gave no French name", async () => {
    const text = await renderIn("fr");
    expect(text).toContain("Masque de soudeur");
    expect(text).not.toContain("Welding mask");
    expect(text).toContain("Safety gloves");
  });

  it("are named in English for an English reader", async () => {
    const text = await renderIn("en");
    expect(text).toContain("Welding mask");
    expect(text).not.toContain("Masque de soudeur");
    expect(text).toContain("Safety gloves");
  });
});
