import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import frCommon from "../../../../public/locales/fr/common.json";
import frOverview from "../../../../public/locales/fr/complianceOverview.json";
import frView from "../../../../public/locales/fr/complianceView.json";
import frErrors from "../../../../public/locales/fr/errors.json";
import frValidation from "../../../../public/locales/fr/validation.json";
import { apiError, fakeApi, type TFakeRequest } from "../../../test/fake-api";
import { renderPage } from "../../../test/render-app";
import { createTestI18n } from "../../../test/test-i18n";
import { patient } from "../../../test/timeouts";
import { fakeToken } from "../../../test/tokens";

const ME = "00000000-0000-4000-8000-0000000000e1";
const ACME = "00000000-0000-4000-8000-0000000000a1";
const BOB = "00000000-0000-4000-8000-0000000000b1";
const INSURANCE = "00000000-0000-4000-8000-0000000000d1";
const TRAINING = "00000000-0000-4000-8000-0000000000d2";
const LOW = "00000000-0000-4000-8000-0000000000d3";

const base = {
  enterprise: { id: ME, name: "Rhône Refinery" },
  supplier: { id: ACME, name: "Acme Welding" },
  worker: null,
  issuer: "Mutual Assurance",
  reference: "MA-1",
  coverAmount: null,
  validFrom: "2026-01-01",
  validUntil: "2026-12-31",
  status: "pending",
  refusalReason: null,
  submittedBy: "Sam Supplier",
  submittedAt: "2026-02-01T09:00:00.000Z",
  reviewedBy: null,
  reviewedAt: null,
  file: { id: "f1", name: "Liability insurance.pdf", size: 1000, type: "application/pdf" },
};
const EVIDENCE = [
  {
    ...base,
    id: INSURANCE,
    requirement: { id: "r1", name: "Liability insurance", kind: "document", minimumCover: 5_000_000 },
    coverAmount: 6_000_000,
  },
  {
    ...base,
    id: TRAINING,
    requirement: { id: "r2", name: "Hot-work training", kind: "competence", minimumCover: null },
    worker: { id: BOB, name: "Bob Builder" },
    validUntil: null,
  },
  {
    ...base,
    id: LOW,
    requirement: { id: "r3", name: "Fire insurance", kind: "document", minimumCover: 5_000_000 },
    coverAmount: 2_000_000,
  },
];

function server(
  options: { evidence?: typeof EVIDENCE; review?: (request: TFakeRequest) => { status: number; data?: unknown } } = {},
) {
  const evidence = options.evidence ?? EVIDENCE;
  return fakeApi((request) => {
    if (request.url === `/Enterprise/${ME}`) {
      return { status: 200, data: { data: { id: ME, name: "Eve Boss", email: "e@x.io", role: "Enterprise" } } };
    }
    if (request.url === "/compliance/evidence") {
      return { status: 200, data: { data: evidence, page: 1, pageSize: 25, total: evidence.length } };
    }
    if (request.url === "/contractors") {
      return { status: 200, data: { data: [], page: 1, pageSize: 100, total: 0 } };
    }
    const reviewed = /^\/compliance\/evidence\/([^/]+)\/review$/.exec(request.url);
    if (reviewed && request.method === "POST" && options.review) return options.review(request);
    return { status: 404 };
  });
}

const token = () => fakeToken({ role: "Enterprise", id: ME });
const findRow = async (text: string) => {
  const cell = await screen.findByText(text, {}, { timeout: patient(10_000) });
  return cell.closest("tr, article") as HTMLElement;
};
const evidenceCalls = (calls: TFakeRequest[]) => calls.filter((c) => c.url === "/compliance/evidence");

describe("the principal's evidence review page", () => {
  it("lists the evidence waiting for review, flags a cover below the minimum, and filters by status", async () => {
    const calls = server();
    renderPage("/enterprise/compliance/review", { token: token() });
    const insurance = await findRow("Liability insurance");
    expect(within(insurance).getByText("Acme Welding")).toBeTruthy();
    expect(within(insurance).getByText("Mutual Assurance")).toBeTruthy();
    expect(within(insurance).getByText("2026-01-01 – 2026-12-31")).toBeTruthy();
    expect(within(insurance).queryByText("Below the minimum")).toBeNull();
    expect(
      within(insurance).getByRole("button", { name: "Open the file of “Liability insurance” of Acme Welding" }),
    ).toBeTruthy();
    const training = await findRow("Hot-work training");
    expect(within(training).getByText("Bob Builder")).toBeTruthy();
    expect(within(training).getByText("From 2026-01-01, no end date")).toBeTruthy();
    const low = await findRow("Fire insurance");
    expect(within(low).getByText("Below the minimum")).toBeTruthy();
    expect(evidenceCalls(calls)[0]?.params).toMatchObject({ status: "pending", page: 1 });
    fireEvent.click(screen.getByLabelText("Status", { selector: "input" }));
    fireEvent.click(await screen.findByRole("option", { name: "All statuses" }));
    await waitFor(() => expect(evidenceCalls(calls).at(-1)?.params.status).toBeUndefined());
  });

  it("accepts behind a confirmation naming what counts and until when", async () => {
    const calls = server({
      review: () => ({ status: 200, data: { data: { ...EVIDENCE[0], status: "accepted" } } }),
    });
    renderPage("/enterprise/compliance/review", { token: token() });
    const row = await findRow("Liability insurance");
    fireEvent.click(within(row).getByRole("button", { name: "Accept “Liability insurance” of Acme Welding" }));
    const dialog = await screen.findByRole("dialog");
    expect(
      within(dialog).getByText(/“Liability insurance” of Acme Welding will count as valid until 2026-12-31/),
    ).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    fireEvent.click(within(dialog).getByRole("button", { name: "Accept" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "POST")).toMatchObject({
        url: `/compliance/evidence/${INSURANCE}/review`,
        body: { decision: "accept" },
      }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("does not let a cover below the minimum be accepted", async () => {
    server();
    renderPage("/enterprise/compliance/review", { token: token() });
    const row = await findRow("Fire insurance");
    fireEvent.click(within(row).getByRole("button", { name: "Accept “Fire insurance” of Acme Welding" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(/below the minimum you require/)).toBeTruthy();
    expect((within(dialog).getByRole("button", { name: "Accept" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("refuses only with a reason, which it sends", async () => {
    const calls = server({
      review: () => ({ status: 200, data: { data: { ...EVIDENCE[1], status: "refused", refusalReason: "x" } } }),
    });
    renderPage("/enterprise/compliance/review", { token: token() });
    const row = await findRow("Hot-work training");
    fireEvent.click(within(row).getByRole("button", { name: "Refuse “Hot-work training” of Bob Builder" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Refuse" }));
    expect(await within(dialog).findByText(/Give the reason/)).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    const reason = within(dialog).getByRole("textbox", { name: /Reason/ }) as HTMLTextAreaElement;
    expect(reason.maxLength).toBe(250);
    fireEvent.change(reason, { target: { value: "  The certificate is unreadable.  " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Refuse" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "POST")).toMatchObject({
        url: `/compliance/evidence/${TRAINING}/review`,
        body: { decision: "refuse", reason: "The certificate is unreadable." },
      }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("says someone else reviewed it meanwhile, and refreshes the list", async () => {
    const calls = server({ review: () => apiError(409, "CONFLICT") });
    renderPage("/enterprise/compliance/review", { token: token() });
    const row = await findRow("Liability insurance");
    const before = evidenceCalls(calls).length;
    fireEvent.click(within(row).getByRole("button", { name: "Accept “Liability insurance” of Acme Welding" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Accept" }));
    expect(await within(dialog).findByText(/Someone else reviewed this evidence in the meantime/)).toBeTruthy();
    await waitFor(() => expect(evidenceCalls(calls).length).toBeGreaterThan(before));
  });

  it("words the cover refusal in French", async () => {
    const i18n = createTestI18n();
    i18n.addResourceBundle("fr", "common", frCommon, true, true);
    i18n.addResourceBundle("fr", "complianceOverview", frOverview, true, true);
    i18n.addResourceBundle("fr", "complianceView", frView, true, true);
    i18n.addResourceBundle("fr", "errors", frErrors, true, true);
    i18n.addResourceBundle("fr", "validation", frValidation, true, true);
    await i18n.changeLanguage("fr");
    server({
      review: () => ({
        status: 409,
        data: {
          error: {
            code: "COVER_TOO_LOW",
            message: "x",
            details: { minimumCover: 7_000_000, coverAmount: 6_000_000 },
          },
        },
      }),
    });
    renderPage("/enterprise/compliance/review", { token: token(), i18n });
    const row = await findRow("Liability insurance");
    expect(within(row).getByText("À vérifier")).toBeTruthy();
    fireEvent.click(within(row).getByRole("button", { name: "Accepter « Liability insurance » de Acme Welding" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Accepter" }));
    expect(await within(dialog).findByText(/est inférieure au minimum que vous exigez/)).toBeTruthy();
  });

  it("says when nothing waits for review", async () => {
    server({ evidence: [] });
    renderPage("/enterprise/compliance/review", { token: token() });
    expect(await screen.findByText("Nothing waits for review", {}, { timeout: patient(10_000) })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Open the compliance view" })).toBeTruthy();
  });
});
