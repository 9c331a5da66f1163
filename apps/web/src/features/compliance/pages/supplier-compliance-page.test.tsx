import type { TAskedRequirement, TEvidence } from "@openpermit/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import frCommon from "../../../../public/locales/fr/common.json";
import frCompliance from "../../../../public/locales/fr/compliance.json";
import { apiError, type TFakeAnswer, type TFakeRequest } from "../../../test/fake-api";
import { renderPage } from "../../../test/render-app";
import { createTestI18n } from "../../../test/test-i18n";
import { LAZY_PAGE_TIMEOUT_MS, patient } from "../../../test/timeouts";
import { supplierServer, supplierToken, uuid } from "../../supplier-company/testing/supplier-server";

const ACME = { id: uuid(701), name: "Acme Refinery" };
const BETA = { id: uuid(702), name: "Beta Chemicals" };
const BOB = { id: uuid(801), name: "Bob Builder" };
const INSURANCE = uuid(901);
const TRAINING = uuid(902);
const REGISTRATION = uuid(903);

const ASKED: TAskedRequirement[] = [
  {
    id: INSURANCE,
    kind: "document",
    name: "Liability insurance",
    description: "Civil liability of at least 5 M",
    minimumCover: 5_000_000,
    expires: true,
    validityDays: 365,
    enterprise: ACME,
  },
  {
    id: TRAINING,
    kind: "competence",
    name: "Hot-work training",
    description: "",
    minimumCover: null,
    expires: false,
    validityDays: null,
    enterprise: ACME,
  },
  {
    id: REGISTRATION,
    kind: "document",
    name: "Trade registration",
    description: "",
    minimumCover: null,
    expires: false,
    validityDays: null,
    enterprise: BETA,
  },
];

function evidence(n: number, overrides: Partial<TEvidence> = {}): TEvidence {
  return {
    id: uuid(600 + n),
    requirement: { id: INSURANCE, name: "Liability insurance", kind: "document", minimumCover: 5_000_000 },
    enterprise: ACME,
    supplier: { id: uuid(500), name: "Acme Scaffolding" },
    worker: null,
    issuer: "Mutual Assurance",
    reference: `MA-${n}`,
    coverAmount: 6_000_000,
    validFrom: "2026-01-01",
    validUntil: "2026-12-31",
    status: "pending",
    refusalReason: null,
    submittedBy: "Sam Supplier",
    submittedAt: "2026-11-20T08:30:00.000Z",
    reviewedBy: null,
    reviewedAt: null,
    file: { id: uuid(400 + n), name: "Liability insurance.pdf", size: 1200, type: "application/pdf" },
    ...overrides,
  };
}

const REFUSED = evidence(2, {
  status: "refused",
  refusalReason: "The cover stated is below the 5 M we require; send the amended certificate.",
  reviewedBy: "Eve Boss",
  reviewedAt: "2026-11-21T08:30:00.000Z",
});

type THandle = (request: TFakeRequest, state: { evidence: TEvidence[] }) => TFakeAnswer | undefined;

/** The signed-in supplier, its evidence (`state`), what its enterprises ask, and its active employee Bob. */
function complianceServer(initial: TEvidence[], handle: THandle = () => undefined) {
  const state = { evidence: [...initial] };
  const server = supplierServer({}, (request) => {
    const answered = handle(request, state);
    if (answered) return answered;
    const { method, url, params } = request;
    if (url === "/compliance/evidence" && method === "GET") {
      const rows = state.evidence.filter((e) => !params.status || e.status === params.status);
      return { status: 200, data: { data: rows, page: 1, pageSize: 25, total: rows.length } };
    }
    if (url === "/compliance/requirements/asked") return { status: 200, data: { data: ASKED } };
    if (url === "/employees") {
      const bob = {
        ...BOB,
        email: "bob@acme.io",
        phone: null,
        status: "active",
        createdAt: "2026-11-01T08:00:00.000Z",
      };
      return { status: 200, data: { data: [bob], page: 1, pageSize: 100, total: 1 } };
    }
    if (method === "DELETE" && url.startsWith("/compliance/evidence/")) {
      state.evidence = state.evidence.filter((e) => `/compliance/evidence/${e.id}` !== url);
      return { status: 204 };
    }
    return undefined;
  });
  return server;
}

const openPage = async () => {
  renderPage("/supplier/compliance", { token: supplierToken() });
  await screen.findByRole("heading", { level: 1, name: "Compliance" }, { timeout: patient(10_000) });
};
const rowOf = async (text: string) => (await screen.findByText(text)).closest("tr, article") as HTMLElement;
const pdf = (size = 1200) => {
  const file = new File(["%PDF-1.4"], "certificate.pdf", { type: "application/pdf" });
  Object.defineProperty(file, "size", { value: size });
  return file;
};
const chooseOption = async (dialog: HTMLElement, label: RegExp, option: string) => {
  fireEvent.click(await within(dialog).findByRole("combobox", { name: label }));
  fireEvent.click(await screen.findByRole("option", { name: option }));
};
const sentForm = (request: TFakeRequest | undefined) => {
  const body = request?.body as FormData;
  return Object.fromEntries([...body.entries()].map(([k, v]) => [k, typeof v === "string" ? v : `file:${v.name}`]));
};

describe("the supplier's compliance page", { timeout: LAZY_PAGE_TIMEOUT_MS }, () => {
  it("lists the evidence with its review, a refusal's reason in full, and filters by status", async () => {
    const server = complianceServer([evidence(1), REFUSED]);
    await openPage();
    const refused = await rowOf("Mutual Assurance · MA-2");
    expect(within(refused).getByText("Refused")).toBeTruthy();
    expect(
      within(refused).getByText("Reason: The cover stated is below the 5 M we require; send the amended certificate."),
    ).toBeTruthy();
    expect(within(refused).getByText("Acme Refinery")).toBeTruthy();
    expect(within(refused).getByText("2026-01-01 – 2026-12-31")).toBeTruthy();
    // Reviewed evidence is kept: only its file opens.
    expect(within(refused).queryByRole("button", { name: /^Withdraw/ })).toBeNull();
    expect(within(refused).getByRole("button", { name: "Open file of “Liability insurance”" })).toBeTruthy();
    const pending = await rowOf("Mutual Assurance · MA-1");
    expect(within(pending).getByText("Awaiting review")).toBeTruthy();
    expect(within(pending).getByRole("button", { name: "Withdraw “Liability insurance”" })).toBeTruthy();

    fireEvent.click(screen.getByTestId("evidence-status-filter"));
    fireEvent.click(await screen.findByRole("option", { name: "Refused" }));
    await waitFor(() =>
      expect(server.calls.filter((c) => c.url === "/compliance/evidence").at(-1)?.params).toMatchObject({
        status: "refused",
      }),
    );
    await waitFor(() => expect(screen.queryByText("Mutual Assurance · MA-1")).toBeNull());
  });

  it("reads accepted evidence whose last day has passed as expired, not as good", async () => {
    const accepted = { status: "accepted" as const, reviewedBy: "Eve Boss", reviewedAt: "2020-01-02T08:30:00.000Z" };
    complianceServer([
      evidence(5, { ...accepted, validFrom: "2020-01-01", validUntil: "2020-06-30" }),
      evidence(6, { ...accepted, validFrom: "2026-01-01", validUntil: "2099-12-31" }),
    ]);
    await openPage();
    expect(within(await rowOf("Mutual Assurance · MA-5")).getByText("Expired")).toBeTruthy();
    expect(within(await rowOf("Mutual Assurance · MA-6")).getByText("Accepted")).toBeTruthy();
  });

  it("says what to do first when nothing was given", async () => {
    complianceServer([]);
    await openPage();
    const empty = await screen.findByTestId("evidence-empty");
    expect(within(empty).getByText("No evidence given yet")).toBeTruthy();
    expect(within(empty).getByRole("button", { name: "Give evidence" })).toBeTruthy();
  });

  it("withdraws pending evidence behind a confirmation", async () => {
    const server = complianceServer([evidence(1), REFUSED]);
    await openPage();
    const pending = await rowOf("Mutual Assurance · MA-1");
    fireEvent.click(within(pending).getByRole("button", { name: "Withdraw “Liability insurance”" }));
    const dialog = await screen.findByRole("dialog", { name: "Withdraw this evidence?" });
    expect(server.writes()).toEqual([]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Withdraw" }));
    expect(await screen.findByText("Evidence withdrawn")).toBeTruthy();
    expect(server.writes()).toMatchObject([{ method: "DELETE", url: `/compliance/evidence/${evidence(1).id}` }]);
    await waitFor(() => expect(screen.queryByText("Mutual Assurance · MA-1")).toBeNull());
    expect(screen.getByText("Mutual Assurance · MA-2")).toBeTruthy();
  });

  it("gives a worker's competence: the worker field appears, and the list refreshes", async () => {
    const server = complianceServer([], ({ method, url }, state) => {
      if (method !== "POST" || url !== "/compliance/evidence") return undefined;
      const given = evidence(3, {
        requirement: { id: TRAINING, name: "Hot-work training", kind: "competence", minimumCover: null },
        worker: BOB,
        issuer: "Weld Academy",
        reference: "WA-7",
        coverAmount: null,
        validUntil: null,
      });
      state.evidence.unshift(given);
      return { status: 201, data: { data: given } };
    });
    await openPage();
    fireEvent.click((await screen.findAllByRole("button", { name: "Give evidence" }))[0]!);
    const dialog = await screen.findByRole("dialog", { name: "Give evidence" });
    await chooseOption(dialog, /^Enterprise/, "Acme Refinery");
    expect(within(dialog).queryByRole("combobox", { name: /^Worker/ })).toBeNull();
    await chooseOption(dialog, /^Requirement/, "Hot-work training");
    await chooseOption(dialog, /^Worker/, "Bob Builder");
    expect(within(dialog).queryByLabelText(/^Cover amount/)).toBeNull();
    fireEvent.change(within(dialog).getByLabelText(/^Issuer/), { target: { value: "Weld Academy" } });
    fireEvent.change(within(dialog).getByLabelText(/^Reference/), { target: { value: "WA-7" } });
    fireEvent.change(within(dialog).getByTestId("evidence-file"), { target: { files: [pdf()] } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send for review" }));
    expect(await screen.findByText("“Hot-work training” was sent for review")).toBeTruthy();
    const sent = sentForm(server.writes()[0]);
    expect(sent).toMatchObject({
      requirementId: TRAINING,
      workerId: BOB.id,
      issuer: "Weld Academy",
      reference: "WA-7",
      file: "file:certificate.pdf",
    });
    expect(sent.coverAmount).toBeUndefined();
    expect(sent.validUntil).toBeUndefined();
    expect(sent.validFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The file part comes last: the server reads the fields first.
    expect(Object.keys(sent).at(-1)).toBe("file");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await screen.findByText("Weld Academy · WA-7")).toBeTruthy();
  });

  it("asks the cover amount of a document with a minimum cover, checks the file, and keeps what was typed on a refusal", async () => {
    let refuse = true;
    const server = complianceServer([], ({ method, url }, state) => {
      if (method !== "POST" || url !== "/compliance/evidence") return undefined;
      if (refuse) return apiError(400, "VALIDATION_FAILED", { validUntil: "dateRangeOrder" });
      const given = evidence(4);
      state.evidence.unshift(given);
      return { status: 201, data: { data: given } };
    });
    await openPage();
    fireEvent.click((await screen.findAllByRole("button", { name: "Give evidence" }))[0]!);
    const dialog = await screen.findByRole("dialog", { name: "Give evidence" });
    await chooseOption(dialog, /^Enterprise/, "Acme Refinery");
    await chooseOption(dialog, /^Requirement/, "Liability insurance");
    expect(within(dialog).getByText("At least 5,000,000, as the enterprise requires.")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Issuer/), { target: { value: "Mutual Assurance" } });
    // Too large a file is refused before it travels; so is a missing cover.
    fireEvent.change(within(dialog).getByTestId("evidence-file"), { target: { files: [pdf(11 * 1024 * 1024)] } });
    expect(await within(dialog).findByText("This file is larger than 10 MB.")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Send for review" }));
    expect(await within(dialog).findByText("Enter the cover amount")).toBeTruthy();
    expect(server.writes()).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText(/^Cover amount/), { target: { value: "6000000" } });
    fireEvent.change(within(dialog).getByTestId("evidence-file"), { target: { files: [pdf()] } });
    fireEvent.change(within(dialog).getByLabelText(/^Valid until/), { target: { value: "2020-01-01" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send for review" }));
    expect(await within(dialog).findByText("The end date cannot be before the start date")).toBeTruthy();
    expect((within(dialog).getByLabelText(/^Issuer/) as HTMLInputElement).value).toBe("Mutual Assurance");
    expect(sentForm(server.writes()[0])).toMatchObject({
      requirementId: INSURANCE,
      coverAmount: "6000000",
      validUntil: "2020-01-01",
    });

    refuse = false;
    fireEvent.change(within(dialog).getByLabelText(/^Valid until/), { target: { value: "" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send for review" }));
    expect(await screen.findByText("“Liability insurance” was sent for review")).toBeTruthy();
    expect(sentForm(server.writes()[1]).validUntil).toBeUndefined();
  });

  it("speaks French", async () => {
    const i18n = createTestI18n();
    i18n.addResourceBundle("fr", "common", frCommon, true, true);
    i18n.addResourceBundle("fr", "compliance", frCompliance, true, true);
    await i18n.changeLanguage("fr");
    complianceServer([evidence(1), REFUSED]);
    renderPage("/supplier/compliance", { token: supplierToken(), i18n });
    await screen.findByRole("heading", { level: 1, name: "Conformité" }, { timeout: patient(10_000) });
    const refused = await rowOf("Mutual Assurance · MA-2");
    expect(within(refused).getByText("Refusé")).toBeTruthy();
    expect(within(refused).getByText(/^Motif : The cover stated/)).toBeTruthy();
    const pending = await rowOf("Mutual Assurance · MA-1");
    expect(within(pending).getByRole("button", { name: "Retirer « Liability insurance »" })).toBeTruthy();
    expect(screen.getAllByRole("button", { name: "Fournir un justificatif" }).length).toBeGreaterThan(0);
  });
});
