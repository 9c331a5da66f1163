import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import frCommon from "../../../../public/locales/fr/common.json";
import frOverview from "../../../../public/locales/fr/complianceOverview.json";
import frView from "../../../../public/locales/fr/complianceView.json";
import frValidation from "../../../../public/locales/fr/validation.json";
import { apiError, fakeApi, type TFakeRequest } from "../../../test/fake-api";
import { renderPage } from "../../../test/render-app";
import { createTestI18n } from "../../../test/test-i18n";
import { patient } from "../../../test/timeouts";
import { fakeToken } from "../../../test/tokens";

const ME = "00000000-0000-4000-8000-0000000000e1";
const ACME = "00000000-0000-4000-8000-0000000000a1";
const BOB = "00000000-0000-4000-8000-0000000000b1";
const INDUCTION = "00000000-0000-4000-8000-0000000000c1";
const INSURANCE = "00000000-0000-4000-8000-0000000000c2";
const COUNTS = { valid: 1, expiring: 0, pending: 0, expired: 0, refused: 0, missing: 1 };
const ROWS = [
  {
    contractor: { id: ACME, name: "Acme Welding" },
    worker: null,
    requirement: { id: INSURANCE, name: "Liability insurance", kind: "document", requiredOfAll: true },
    standing: "valid",
    validUntil: "2027-03-31",
  },
  {
    contractor: { id: ACME, name: "Acme Welding" },
    worker: { id: BOB, name: "Bob Builder" },
    requirement: { id: INDUCTION, name: "Site induction", kind: "induction", requiredOfAll: true },
    standing: "missing",
    validUntil: null,
  },
];

function server(
  options: { rows?: typeof ROWS; induction?: (request: TFakeRequest) => { status: number; data?: unknown } } = {},
) {
  const rows = options.rows ?? ROWS;
  return fakeApi((request) => {
    if (request.url === `/Enterprise/${ME}`) {
      return { status: 200, data: { data: { id: ME, name: "Eve Boss", email: "e@x.io", role: "Enterprise" } } };
    }
    if (request.url === "/compliance/overview") {
      return {
        status: 200,
        data: {
          data: rows,
          page: 1,
          pageSize: 25,
          total: rows.length,
          counts: rows.length ? COUNTS : { ...COUNTS, valid: 0, missing: 0 },
        },
      };
    }
    if (request.url === "/contractors") {
      return { status: 200, data: { data: [], page: 1, pageSize: 100, total: 0 } };
    }
    if (request.url === "/compliance/requirements") {
      return {
        status: 200,
        data: {
          data: [
            {
              id: INDUCTION,
              kind: "induction",
              name: "Site induction",
              description: "",
              requiredOfAll: true,
              validityDays: 365,
              minimumCover: null,
              enabled: true,
              used: false,
            },
          ],
        },
      };
    }
    if (request.url === "/compliance/inductions" && options.induction) return options.induction(request);
    return { status: 404 };
  });
}

const token = () => fakeToken({ role: "Enterprise", id: ME });
const findRow = async (text: string) => {
  const cell = await screen.findByText(text, {}, { timeout: patient(10_000) });
  return cell.closest("tr, article") as HTMLElement;
};

describe("the principal's compliance page", () => {
  it("lists each row with its standing, the chips' counts, and filters by standing", async () => {
    const calls = server();
    renderPage("/enterprise/compliance", { token: token() });
    const row = await findRow("Bob Builder");
    expect(within(row).getByText("Missing")).toBeTruthy();
    expect(screen.getByText("Liability insurance")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Evidence to review" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Export CSV" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Export XLSX" })).toBeTruthy();
    fireEvent.click(screen.getByRole("checkbox", { name: "Missing (1)" }));
    await waitFor(() =>
      expect(calls.filter((c) => c.url === "/compliance/overview").at(-1)?.params).toMatchObject({
        standing: "missing",
      }),
    );
  });

  it("records a worker's induction behind a confirmation, its last day defaulted to the validity", async () => {
    const calls = server({ induction: () => ({ status: 201, data: { data: { ...ROWS[1], standing: "valid" } } }) });
    renderPage("/enterprise/compliance", { token: token() });
    const row = await findRow("Bob Builder");
    fireEvent.click(within(row).getByRole("button", { name: "Record induction “Site induction” for Bob Builder" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText(/Induction day/), { target: { value: "2026-01-10" } });
    await waitFor(() =>
      expect((within(dialog).getByLabelText("Valid until") as HTMLInputElement).value).toBe("2027-01-09"),
    );
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    fireEvent.click(within(dialog).getByRole("button", { name: "Record the induction" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "POST")).toMatchObject({
        url: "/compliance/inductions",
        body: { requirementId: INDUCTION, workerId: BOB, inductedOn: "2026-01-10", validUntil: "2027-01-09" },
      }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("keeps the dialog open with the refusal, in French", async () => {
    const i18n = createTestI18n();
    i18n.addResourceBundle("fr", "common", frCommon, true, true);
    i18n.addResourceBundle("fr", "complianceOverview", frOverview, true, true);
    i18n.addResourceBundle("fr", "complianceView", frView, true, true);
    i18n.addResourceBundle("fr", "validation", frValidation, true, true);
    await i18n.changeLanguage("fr");
    server({ induction: () => apiError(400, "VALIDATION_FAILED", { inductedOn: "inductionInFuture" }) });
    renderPage("/enterprise/compliance", { token: token(), i18n });
    const row = await findRow("Bob Builder");
    expect(within(row).getByText("Manquant")).toBeTruthy();
    fireEvent.click(
      within(row).getByRole("button", { name: "Enregistrer l’accueil « Site induction » de Bob Builder" }),
    );
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Enregistrer l’accueil" }));
    expect(await within(dialog).findByText(/La date d’accueil sécurité ne peut pas être dans le futur/)).toBeTruthy();
  });

  it("says what to do when there is nothing to show", async () => {
    server({ rows: [] });
    renderPage("/enterprise/compliance", { token: token() });
    expect(await screen.findByText("Nothing to show yet", {}, { timeout: patient(10_000) })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Open the profile" })).toBeTruthy();
  });
});
