import type { TPublicWorkerCard, TWorkerCard } from "@openpermit/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { apiError, fakeApi } from "../../../test/fake-api";
import { renderPage } from "../../../test/render-app";
import { patient } from "../../../test/timeouts";
import { EMPLOYEE_USER_ID, employeeToken } from "../../permits/testing/permit-server";
import { SUPPLIER_USER_ID, supplierMe, supplierToken, uuid } from "../../supplier-company/testing/supplier-server";

const WORKER_ID = uuid(701);
const card = (overrides: Partial<TWorkerCard> = {}): TWorkerCard => ({
  worker: { id: WORKER_ID, name: "Wendy Welder", company: "Acme Scaffolding" },
  checkPath: "/auth/worker-card/tok",
  qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
  canReissue: true,
  photoUrl: null,
  enterprises: [
    {
      enterpriseId: uuid(801),
      enterpriseName: "Rhône Refinery",
      cleared: false,
      lines: [
        {
          requirementName: "Hot-work training",
          kind: "competence",
          standing: "valid",
          validUntil: "2027-03-01",
          requiredOfAll: false,
        },
        {
          requirementName: "Site induction",
          kind: "induction",
          standing: "expired",
          validUntil: "2026-01-01",
          requiredOfAll: true,
        },
      ],
    },
  ],
  ...overrides,
});

const supplierSession = (url: string) =>
  url === `/Supplier/${SUPPLIER_USER_ID}` || url === "/auth/me" ? { status: 200, data: { data: supplierMe } } : null;

describe("the worker's card page", () => {
  it("shows the supplier a worker's QR code, whether cleared per enterprise and each item's standing", async () => {
    const calls = fakeApi(({ method, url }) => {
      if (method === "GET" && url === `/workers/${WORKER_ID}/card`) return { status: 200, data: { data: card() } };
      if (method === "POST" && url === `/workers/${WORKER_ID}/card/reissue`)
        return { status: 200, data: { data: card({ checkPath: "/auth/worker-card/new" }) } };
      return supplierSession(url) ?? apiError(404, "NOT_FOUND");
    });
    renderPage(`/supplier/employeelist/${WORKER_ID}`, { token: supplierToken() });
    expect(
      await screen.findByRole(
        "heading",
        { level: 1, name: "Worker’s card: Wendy Welder" },
        { timeout: patient(10_000) },
      ),
    ).toBeTruthy();
    expect(screen.getByRole("img", { name: "QR code of Wendy Welder’s card" })).toBeTruthy();
    const cleared = screen.getByTestId("worker-card-cleared");
    expect(cleared.getAttribute("data-cleared")).toBe("false");
    expect(cleared.textContent).toContain("Rhône Refinery: NOT CLEARED TODAY");
    const lines = screen.getAllByTestId("worker-card-line");
    expect(lines.map((l) => l.textContent)).toEqual([
      expect.stringMatching(/^Hot-work trainingCompetence · For some work typesValid/),
      expect.stringMatching(/^Site inductionSite induction · Required of everyoneExpired/),
    ]);
    expect(screen.getByText(/checked when a permit starts/)).toBeTruthy();

    // Re-issuing asks first, then replaces the code.
    fireEvent.click(screen.getByRole("button", { name: "Re-issue the code" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(/will no longer open/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Re-issue the code" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
  });

  it("lets the supplier give the worker's photo, shown on the card once stored", async () => {
    let stored = false;
    const calls = fakeApi(({ method, url }) => {
      if (method === "GET" && url === `/workers/${WORKER_ID}/card`) return { status: 200, data: { data: card() } };
      if (method === "PUT" && url === `/workers/${WORKER_ID}/card/photo`) {
        stored = true;
        return { status: 200, data: { data: card({ photoUrl: `/api/workers/${WORKER_ID}/card/photo?v=1` }) } };
      }
      if (method === "GET" && url.startsWith(`/workers/${WORKER_ID}/card/photo`))
        return stored ? { status: 200, data: new Blob(["png"]) } : apiError(404, "NOT_FOUND");
      return supplierSession(url) ?? apiError(404, "NOT_FOUND");
    });
    vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:photo");
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
    renderPage(`/supplier/employeelist/${WORKER_ID}`, { token: supplierToken() });
    const input = await screen.findByTestId("worker-photo-input", {}, { timeout: patient(10_000) });
    expect(screen.getByText("No photo")).toBeTruthy();
    fireEvent.change(input, { target: { files: [new File(["png"], "wendy.png", { type: "image/png" })] } });
    const upload = screen.getByRole("button", { name: "Upload photo" });
    await waitFor(() => expect((upload as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(upload);
    await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
    expect((await screen.findAllByRole("img", { name: "Photo of Wendy Welder" })).length).toBeGreaterThan(0);
  });

  it("offers no re-issue to a reader who may not, and says when the company works for no enterprise", async () => {
    fakeApi(({ url }) =>
      url === `/workers/${WORKER_ID}/card`
        ? { status: 200, data: { data: card({ canReissue: false, enterprises: [] }) } }
        : (supplierSession(url) ?? apiError(404, "NOT_FOUND")),
    );
    renderPage(`/supplier/employeelist/${WORKER_ID}`, { token: supplierToken() });
    expect(
      await screen.findByText(
        "This person’s company works for no enterprise at the moment.",
        {},
        { timeout: patient(10_000) },
      ),
    ).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Re-issue the code" })).toBeNull();
  });
});

describe("the employee's own card", () => {
  it("reads the signed-in employee's card, without the re-issue", async () => {
    const calls = fakeApi(({ url }) =>
      url === `/workers/${EMPLOYEE_USER_ID}/card`
        ? {
            status: 200,
            data: {
              data: card({ canReissue: false, worker: { id: EMPLOYEE_USER_ID, name: "Emma", company: "Acme" } }),
            },
          }
        : url === `/Employee/${EMPLOYEE_USER_ID}`
          ? {
              status: 200,
              data: { data: { id: EMPLOYEE_USER_ID, name: "Emma", email: "emma@acme.io", role: "Employee" } },
            }
          : apiError(404, "NOT_FOUND"),
    );
    renderPage("/employee/card", { token: employeeToken() });
    expect(
      await screen.findByRole("heading", { level: 1, name: "Worker’s card: Emma" }, { timeout: patient(10_000) }),
    ).toBeTruthy();
    expect(calls.some((c) => c.url === `/workers/${EMPLOYEE_USER_ID}/card`)).toBe(true);
    expect(screen.queryByRole("button", { name: "Re-issue the code" })).toBeNull();
    expect(screen.getByRole("button", { name: "Print the card" })).toBeTruthy();
  });
});

const publicCard = (overrides: Partial<TPublicWorkerCard> = {}): TPublicWorkerCard => ({
  name: "Wendy Welder",
  company: "Acme Scaffolding",
  hasPhoto: false,
  checkedAt: new Date().toISOString(),
  enterprises: [{ enterprise: "Rhône Refinery", cleared: true, unmet: [] }],
  ...overrides,
});

describe("the worker's card check page", () => {
  it("says signed out that the person is cleared today", async () => {
    const calls = fakeApi(() => ({ status: 200, data: { data: publicCard() } }));
    renderPage("/auth/worker-card/tok_abc");
    expect((await screen.findByTestId("worker-card-name", {}, { timeout: patient(10_000) })).textContent).toBe(
      "Wendy Welder",
    );
    expect(calls[0]).toMatchObject({ method: "GET", url: "/public/worker-cards/tok_abc", authorization: null });
    expect(screen.getByTestId("worker-card-cleared").textContent).toContain("Rhône Refinery: CLEARED FOR SITE TODAY");
  });

  it("shows the worker's photo to the gatekeeper when the card has one", async () => {
    fakeApi(() => ({ status: 200, data: { data: publicCard({ hasPhoto: true }) } }));
    renderPage("/auth/worker-card/tok_abc");
    const photo = await screen.findByTestId("worker-card-photo", {}, { timeout: patient(10_000) });
    expect(photo.getAttribute("src")).toBe("/api/public/worker-cards/tok_abc/photo");
    expect(photo.getAttribute("alt")).toBe("Photo of Wendy Welder");
  });

  it("names what is not met when the person is not cleared", async () => {
    const unmet = [{ requirement: "Site induction", standing: "expired" as const }];
    fakeApi(() => ({
      status: 200,
      data: { data: publicCard({ enterprises: [{ enterprise: "Rhône Refinery", cleared: false, unmet }] }) },
    }));
    renderPage("/auth/worker-card/tok");
    const alert = await screen.findByTestId("worker-card-cleared", {}, { timeout: patient(10_000) });
    expect(alert.textContent).toContain("NOT CLEARED TODAY");
    expect(alert.textContent).toContain("Site induction: Expired");
  });

  it("says NOT VALID for an unknown or re-issued code", async () => {
    fakeApi(() => apiError(404, "NOT_FOUND"));
    renderPage("/auth/worker-card/old");
    expect(await screen.findByText("NOT VALID", {}, { timeout: patient(10_000) })).toBeTruthy();
    expect(screen.queryByTestId("worker-card-name")).toBeNull();
  });
});
