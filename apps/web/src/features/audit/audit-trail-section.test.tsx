import type { TAuditEntry } from "@openpermit/shared";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import frAudit from "../../../public/locales/fr/audit.json";
import frCommon from "../../../public/locales/fr/common.json";
import { Providers } from "../../app/providers";
import { captureDownloads } from "../../test/downloads";
import { apiError, fakeApi } from "../../test/fake-api";
import { createTestQueryClient } from "../../test/query-client";
import { createTestI18n } from "../../test/test-i18n";
import { AUDIT_PAGE_SIZE, AuditTrailSection } from "./components/audit-trail-section";

const WIDE = "(min-width: 768px)";
const narrowMatchMedia = window.matchMedia;

function entry(seq: number, overrides: Partial<TAuditEntry> = {}): TAuditEntry {
  return {
    seq,
    at: "2026-11-20T08:30:05.000Z",
    actorId: "00000000-0000-4000-8000-000000000001",
    actorRole: "Employee",
    actorLabel: "eve@acme.io",
    action: "permit.send",
    objectType: "permit",
    objectId: "1a2b3c4d-0000-4000-8000-000000000009",
    details: { from: "pending", to: "sended" },
    ip: "10.0.0.1",
    labels: { "1a2b3c4d-0000-4000-8000-000000000009": "PTW-2026-000009" },
    ...overrides,
  };
}

/** 25 entries, newest first: the first page holds 20. */
const TRAIL = Array.from({ length: 25 }, (_, i) =>
  entry(25 - i, i === 0 ? { action: "auth.signInFailed", actorRole: null, objectType: null, details: {} } : {}),
);

function server(trail: TAuditEntry[] | ReturnType<typeof apiError>) {
  return fakeApi(({ url, params }) => {
    if (url === "/audit" && !Array.isArray(trail)) return trail;
    if (url === "/audit" && Array.isArray(trail)) {
      const rows = params.action ? trail.filter((e) => e.action === params.action) : trail;
      const page = Number(params.page);
      const size = Number(params.pageSize);
      return {
        status: 200,
        data: { data: rows.slice((page - 1) * size, page * size), page, pageSize: size, total: rows.length },
      };
    }
    if (url === "/audit/export") return { status: 200, data: new Blob(["Seq,Action"]) };
    return { status: 404, data: { error: { code: "NOT_FOUND", message: "not found" } } };
  });
}

function renderSection(language: "en" | "fr" = "en") {
  const i18n = createTestI18n();
  i18n.addResourceBundle("fr", "audit", frAudit);
  i18n.addResourceBundle("fr", "common", frCommon);
  void i18n.changeLanguage(language);
  render(
    <I18nextProvider i18n={i18n}>
      <Providers queryClient={createTestQueryClient()} env="test">
        <AuditTrailSection />
      </Providers>
    </I18nextProvider>,
  );
}

afterEach(() => {
  fakeApi(() => ({ status: 200 }));
  window.matchMedia = narrowMatchMedia;
  vi.restoreAllMocks();
});

describe("the enterprise's audit trail", () => {
  it("shows a page of entries in a table, actions in words, times in UTC, and turns pages on the server", async () => {
    window.matchMedia = (query: string) => ({ ...narrowMatchMedia(query), matches: query === WIDE });
    const calls = server(TRAIL);
    renderSection();
    const section = await screen.findByRole("region", { name: "Audit trail" });
    const table = await within(section).findByRole("table", { name: "Audit trail" });
    expect(within(table).getAllByTestId("audit-row")).toHaveLength(AUDIT_PAGE_SIZE);
    expect(within(table).getByText("Sign-in failed")).toBeTruthy();
    expect(within(table).getAllByText("Permit sent")).toHaveLength(AUDIT_PAGE_SIZE - 1);
    expect(within(table).getAllByText("eve@acme.io (Employee)")).toHaveLength(AUDIT_PAGE_SIZE - 1);
    // The reader's words: the permit's document number, its statuses' labels.
    expect(within(table).getAllByText("Saved → Sent")[0]).toBeTruthy();
    expect(within(table).getAllByText("Permit PTW-2026-000009")[0]).toBeTruthy();
    expect(within(table).getAllByText(/8:30:05/)[0]).toBeTruthy();
    expect(calls.at(-1)?.params).toMatchObject({ page: 1, pageSize: AUDIT_PAGE_SIZE });

    fireEvent.click(within(section).getByRole("button", { name: "Page 2" }));
    await waitFor(() => expect(within(section).getAllByTestId("audit-row")).toHaveLength(5));
    expect(calls.at(-1)?.params).toMatchObject({ page: 2 });
  });

  it("narrows to one action, asks the server, and exports with the same filter", async () => {
    const calls = server(TRAIL);
    renderSection();
    const section = await screen.findByRole("region", { name: "Audit trail" });
    await within(section).findAllByTestId("audit-row");
    fireEvent.click(within(section).getByTestId("audit-action"));
    fireEvent.click(await screen.findByRole("option", { name: "Sign-in failed" }));
    await waitFor(() => expect(within(section).getAllByTestId("audit-row")).toHaveLength(1));
    expect(calls.at(-1)?.params).toMatchObject({ action: "auth.signInFailed", page: 1 });

    const downloads = captureDownloads();
    fireEvent.click(within(section).getByRole("button", { name: "Export CSV" }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]!.fileName).toMatch(/^audit-trail-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(calls.find((call) => call.url === "/audit/export")?.params).toEqual({
      action: "auth.signInFailed",
      format: "csv",
    });
  });

  it("names what the entry's ids stand for and words its facts in the reader's language", async () => {
    window.matchMedia = (query: string) => ({ ...narrowMatchMedia(query), matches: query === WIDE });
    const manager = "00000000-0000-4000-8000-0000000000aa";
    const sector = "00000000-0000-4000-8000-0000000000bb";
    const unknown = "99999999-0000-4000-8000-0000000000cc";
    server([
      entry(3, {
        action: "permission.changed",
        objectType: "user",
        objectId: manager,
        details: { sectorId: sector, role: "verifier", crewKept: true, signedOff: [unknown] },
        labels: { [manager]: "Noah Verifier", [sector]: "Jetty 4" },
      }),
      entry(2, { details: { from: "Confirmed", to: "Approved" } }),
    ]);
    renderSection("fr");
    const table = await screen.findByRole("table", { name: "Journal d’audit" });
    expect(within(table).getByText("Compte Noah Verifier")).toBeTruthy();
    // An id the server could not name (not the enterprise's) stays an id, shortened.
    expect(
      within(table).getByText("Secteur : Jetty 4, Rôle : verifier, Équipe gardée : oui, Départs signés : 99999999"),
    ).toBeTruthy();
    expect(within(table).getByText("Vérifié → Approuvé")).toBeTruthy();
  });

  it("says No entries when the trail is empty, in French too", async () => {
    server([]);
    renderSection("fr");
    const section = await screen.findByRole("region", { name: "Journal d’audit" });
    expect((await within(section).findByTestId("audit-empty")).textContent).toMatch(/^Aucune entrée\./);
  });

  it("shows the server's refusal", async () => {
    server(apiError(403, "FORBIDDEN"));
    renderSection();
    const section = await screen.findByRole("region", { name: "Audit trail" });
    expect(await within(section).findByRole("alert")).toBeTruthy();
  });
});
