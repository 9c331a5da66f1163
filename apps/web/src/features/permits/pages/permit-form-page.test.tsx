import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import { apiError } from "../../../test/fake-api";
import { clickInto, typeKeys } from "../../../test/keyboard";
import { renderApp, renderPage } from "../../../test/render-app";
import { LAZY_PAGE_TIMEOUT_MS, patient } from "../../../test/timeouts";
import { localDraftKey, type TLocalDraft } from "../form/local-draft";
import { formValuesOf } from "../form/permit-form-values";
import {
  CREW,
  EPIS,
  HOT_WORK,
  MATRIX,
  permit,
  permitServer,
  REFINERY,
  RISKS,
  SUPPLIER_USER_ID,
  supplierToken,
  TANK_FARM,
} from "../testing/permit-server";

/** The first page of a file waits for its lazy chunk to compile, which is slow when every file runs at once. */

/** A field by its label, with or without the required asterisk. */
const input = (label: string) => {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return screen.getByLabelText(new RegExp(`^${escaped}\\s*\\*?$`), { selector: "input, textarea" });
};
async function choose(label: string, option: string) {
  fireEvent.click(input(label));
  fireEvent.click(await screen.findByRole("option", { name: option }));
}

describe("the request form", { timeout: LAZY_PAGE_TIMEOUT_MS }, () => {
  it("pre-fills what the place requires as fixed, shows the criticality live, and saves the draft into the URL", async () => {
    const server = permitServer();
    const { router } = renderPage("/supplier/list-permis-saved/new", { token: supplierToken() });
    expect(await screen.findByRole("heading", { name: "Create a request" }, { timeout: patient(10_000) })).toBeTruthy();
    // The one affiliated enterprise is the principal.
    await waitFor(() => expect((input("Principal (enterprise)") as HTMLInputElement).value).toBe(REFINERY.name), {
      timeout: patient(5000),
    });

    await choose("Sector", `7 · ${TANK_FARM.name} (North Plant)`);
    await choose("Work type", HOT_WORK.name);
    const fixedRisks = await screen.findByTestId("permit-risks-fixed");
    expect(within(fixedRisks).getByText("Fire")).toBeTruthy();
    expect(within(screen.getByTestId("permit-epis-fixed")).getByText("Helmet")).toBeTruthy();
    expect(server.gets("/risk-assignments/applicable").at(-1)?.params).toMatchObject({
      enterpriseId: REFINERY.id,
      sectorId: TANK_FARM.id,
      workTypeId: HOT_WORK.id,
    });
    // The required risk cannot be picked again or removed: the multi-select offers only the others.
    fireEvent.click(input("More risks"));
    expect(await screen.findByRole("option", { name: "Burns" })).toBeTruthy();
    expect(screen.queryByRole("option", { name: "Fire" })).toBeNull();
    fireEvent.click(screen.getByRole("option", { name: "Burns" }));
    // The work type's checklist appears.
    expect(screen.getByRole("checkbox", { name: "Fire watch posted" })).toBeTruthy();

    const criticality = screen.getByTestId("permit-criticality");
    expect(within(criticality).getByText("Choose the probability and the severity.")).toBeTruthy();
    await choose("Probability", "Likely");
    await choose("Severity", "Major");
    const badge = within(criticality).getByTestId("criticality-badge");
    expect(badge.textContent).toBe("Critical");
    expect(badge.getAttribute("data-colour")).toBe("#e03131");
    await choose("Severity", "Minor");
    expect(within(criticality).getByTestId("criticality-badge").textContent).toBe("Low");
    expect(server.calls.some((call) => call.url.startsWith("/risk-matrix/criticality"))).toBe(false);

    fireEvent.change(input("Task title"), { target: { value: "Weld the flange" } });
    fireEvent.click(screen.getByRole("checkbox", { name: "Fire watch posted" }));
    fireEvent.click(screen.getByRole("button", { name: "Save draft" }));
    expect(await screen.findByText("Draft saved")).toBeTruthy();
    const [write] = server.writes();
    expect(write).toMatchObject({
      method: "POST",
      url: "/permits",
      body: {
        enterpriseId: REFINERY.id,
        sectorId: TANK_FARM.id,
        workTypeId: HOT_WORK.id,
        taskTitle: "Weld the flange",
        riskIds: [RISKS[0]!.id, RISKS[1]!.id],
        epiIds: [EPIS[0]!.id],
        probabilityId: MATRIX.probabilities[1]!.id,
        severityId: MATRIX.severities[0]!.id,
        checklist: [
          { source: "workType", sourceId: HOT_WORK.id, index: 0, checked: true },
          { source: "workType", sourceId: HOT_WORK.id, index: 1, checked: false },
        ],
      },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/supplier/list-permis-saved/${permit(1).id}`));
    // Same form, same values: nothing typed is lost by the move to the draft's URL; it is now edited.
    expect((input("Task title") as HTMLInputElement).value).toBe("Weld the flange");
    expect(await screen.findByRole("heading", { name: "Edit the request" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Save draft" }));
    await waitFor(() => expect(server.writes()).toHaveLength(2));
    expect(server.writes()[1]).toMatchObject({ method: "PATCH", url: `/permits/${permit(1).id}` });
  });

  it("shows the criticality raised by a named risk's minimum, saying which risk raised it", async () => {
    const critical = MATRIX.levels[1]!;
    const draft = permit(7, {
      probability: { id: MATRIX.probabilities[0]!.id, label: "Rare" },
      severity: { id: MATRIX.severities[0]!.id, label: "Minor" },
      risks: [{ id: RISKS[0]!.id, name: "Fire", critical: true }],
    });
    const risks = RISKS.map((risk, index) => (index === 0 ? { ...risk, minLevelId: critical.id } : risk));
    permitServer({ permits: [draft] }, ({ url, params }) =>
      url === "/risks" && params.enterpriseId === REFINERY.id
        ? { status: 200, data: { data: risks, page: 1, pageSize: 100, total: risks.length } }
        : undefined,
    );
    renderPage(`/supplier/list-permis-saved/${draft.id}`, { token: supplierToken() });
    await screen.findByRole("heading", { name: "Edit the request" }, { timeout: patient(10_000) });
    const criticality = screen.getByTestId("permit-criticality");
    await waitFor(() => expect(within(criticality).getByTestId("criticality-badge").textContent).toBe("Critical"));
    expect(screen.getByTestId("permit-criticality-raised").textContent).toBe(
      "Raised to Critical (the probability and severity give Low) by the minimum of: Fire.",
    );
  });

  it("needs a title before saving, and keeps everything typed", async () => {
    const server = permitServer();
    renderPage("/supplier/list-permis-saved/new", { token: supplierToken() });
    await screen.findByRole("heading", { name: "Create a request" }, { timeout: patient(10_000) });
    fireEvent.change(input("Job description"), { target: { value: "Weld the flange" } });
    fireEvent.click(screen.getByRole("button", { name: "Save draft" }));
    expect(await screen.findByText("Title required")).toBeTruthy();
    expect(server.writes()).toHaveLength(0);
    expect((input("Job description") as HTMLTextAreaElement).value).toBe("Weld the flange");
  });

  it("puts what sending still needs on the fields, without asking the server to send", async () => {
    const draft = permit(2, {
      jobDescription: "",
      answers: { qualificationsAndTools: null, jsaComplete: true, newRiskPossible: false },
    });
    const server = permitServer({ permits: [draft] });
    renderPage(`/supplier/list-permis-saved/${draft.id}`, { token: supplierToken() });
    await screen.findByRole("heading", { name: "Edit the request" }, { timeout: patient(10_000) });
    fireEvent.change(input("Subcontractor"), { target: { value: "Smith & Co" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Description required")).toBeTruthy();
    expect(screen.getByText("Answer Yes or No")).toBeTruthy();
    expect(screen.getByTestId("send-incomplete")).toBeTruthy();
    expect(server.writes().map((call) => call.method)).toEqual(["PATCH"]);
    expect((input("Subcontractor") as HTMLInputElement).value).toBe("Smith & Co");
  });

  it("shows the server's missing fields, and the credit and manager refusals as alerts", async () => {
    const draft = permit(3, {
      probability: { id: MATRIX.probabilities[0]!.id, label: "Rare" },
      severity: { id: MATRIX.severities[0]!.id, label: "Minor" },
    });
    let answer = apiError(400, "VALIDATION_FAILED", { workTypeId: "workTypeRequired" });
    const server = permitServer({ permits: [draft] }, ({ method, url }) =>
      method === "POST" && url.endsWith("/send") ? answer : undefined,
    );
    renderPage(`/supplier/list-permis-saved/${draft.id}`, { token: supplierToken() });
    await screen.findByRole("heading", { name: "Edit the request" }, { timeout: patient(10_000) });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Work type required")).toBeTruthy();

    answer = apiError(409, "NO_PERMIT_CREDITS");
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText(/no permit credit left/)).toBeTruthy();
    answer = apiError(409, "NO_PERMIT_MANAGER");
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("No permit manager for this sector")).toBeTruthy();
    expect((input("Task title") as HTMLInputElement).value).toBe("Task 3");
    expect(server.writes().filter((call) => call.url.endsWith("/send"))).toHaveLength(3);
  });

  it("lists every reason the send gate will refuse before Send is pressed, and sends nothing while there is one", async () => {
    const draft = permit(5, {
      probability: { id: MATRIX.probabilities[0]!.id, label: "Rare" },
      severity: { id: MATRIX.severities[0]!.id, label: "Minor" },
      answers: { qualificationsAndTools: true, jsaComplete: false, newRiskPossible: true },
      checklist: permit(5).checklist.map((item, index) => ({ ...item, checked: index === 0 })),
      startAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
    });
    const server = permitServer({ permits: [draft] });
    renderPage(`/supplier/list-permis-saved/${draft.id}`, { token: supplierToken() });
    const blockers = await screen.findByTestId("send-blockers", {}, { timeout: patient(10_000) });
    expect(within(blockers).getByText("Before this permit can be sent")).toBeTruthy();
    for (const reason of [
      "Start — The work cannot start in the past: choose a start from now",
      "Is the job safety analysis complete? — Complete the job safety analysis before sending",
      "The new risk and its controls — Describe the new risk and how it is controlled",
      "Safety questions and checklists — Tick every checklist item before sending",
    ]) {
      // The checklist's reason once the work type's items have loaded.
      expect(await within(blockers).findByText(reason)).toBeTruthy();
    }
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Tick every checklist item before sending")).toBeTruthy();
    expect(server.writes().filter((call) => call.url.endsWith("/send"))).toHaveLength(0);
    // Ticking the last item takes its reason off the list.
    fireEvent.click(screen.getByRole("checkbox", { name: HOT_WORK.checklist[1]! }));
    await waitFor(() => expect(within(blockers).queryByText(/Tick every checklist item/)).toBeNull());
  });

  it("sends a complete draft: 'Permit registered', then its page", async () => {
    const draft = permit(4, {
      probability: { id: MATRIX.probabilities[0]!.id, label: "Rare" },
      severity: { id: MATRIX.severities[0]!.id, label: "Minor" },
    });
    const server = permitServer({ permits: [draft] }, ({ method, url }, state) => {
      if (method !== "POST" || !url.endsWith("/send")) return undefined;
      const sent = {
        ...draft,
        status: "sended" as const,
        documentNumber: "PTW-2026-000001",
        canEdit: false,
        actions: [],
      };
      state.permits = [sent];
      return { status: 200, data: { data: sent } };
    });
    const { router } = renderApp(`/supplier/list-permis-saved/${draft.id}`, { token: supplierToken() });
    await screen.findByRole("heading", { name: "Edit the request" }, { timeout: patient(10_000) });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Permit registered")).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/supplier/list-permis-sent/${draft.id}`));
    expect(await screen.findByText("PTW-2026-000001")).toBeTruthy();
    expect(server.writes().map((call) => `${call.method} ${call.url}`)).toEqual([
      `PATCH /permits/${draft.id}`,
      `POST /permits/${draft.id}/send`,
    ]);
  });

  it("checks files before sending them and shows the server's refusal on the file, keeping the form", async () => {
    const draft = permit(5);
    const server = permitServer({ permits: [draft] }, ({ method, url }) =>
      method === "POST" && url.endsWith("/files") ? apiError(415, "UNSUPPORTED_MEDIA_TYPE") : undefined,
    );
    renderPage(`/supplier/list-permis-saved/${draft.id}`, { token: supplierToken() });
    await screen.findByRole("heading", { name: "Edit the request" }, { timeout: patient(10_000) });
    fireEvent.change(input("Task title"), { target: { value: "Changed title" } });
    const files = [
      new File(["%PDF"], "plan.pdf", { type: "application/pdf" }),
      new File(["MZ"], "run.exe", { type: "application/x-msdownload" }),
    ];
    fireEvent.change(screen.getByTestId("permit-file-input"), { target: { files } });
    expect(await screen.findByText(/This file type is not accepted: PDF/)).toBeTruthy();
    expect(await screen.findByText("This file type is not accepted.")).toBeTruthy();
    const uploads = server.writes().filter((call) => call.url.endsWith("/files"));
    expect(uploads).toHaveLength(1);
    expect(screen.getByRole("button", { name: "Send plan.pdf again" })).toBeTruthy();
    expect((input("Task title") as HTMLInputElement).value).toBe("Changed title");
  });
});

/** Opens a date-time field, picks a day of the month it shows, and gives its hours box (the picker's focus then). */
async function pickDay(testId: string, day: string) {
  fireEvent.click(screen.getByTestId(testId));
  const dropdown = await screen.findByRole("dialog");
  const button = within(dropdown)
    .getAllByRole("button")
    .find((candidate) => candidate.textContent === day && !candidate.hasAttribute("data-outside"));
  fireEvent.click(button!);
  return within(dropdown).getByRole("spinbutton", { name: "Hours" }) as HTMLInputElement;
}

describe("typed times", { timeout: LAZY_PAGE_TIMEOUT_MS }, () => {
  it("saves the time typed in the hours box, wherever the click left the caret", async () => {
    const server = permitServer();
    renderPage("/supplier/list-permis-saved/new", { token: supplierToken() });
    await screen.findByRole("heading", { name: "Create a request" }, { timeout: patient(10_000) });
    await waitFor(() => expect((input("Principal (enterprise)") as HTMLInputElement).value).toBe(REFINERY.name));
    fireEvent.change(input("Task title"), { target: { value: "Weld the flange" } });

    // A click in the middle of "00": the browser leaves the caret between the zeros (it gave 10:30).
    clickInto(await pickDay("permit-start", "15"), { caret: 1 });
    await typeKeys("1730");
    await typeKeys("\n");
    expect(screen.getByTestId("permit-start").textContent).toMatch(/^15 .* 17:30$/);

    // A click at the end of "00" (it gave 00:00 for 0800).
    clickInto(await pickDay("permit-end", "16"), { caret: 2 });
    await typeKeys("0800");
    await typeKeys("\n");
    expect(screen.getByTestId("permit-end").textContent).toMatch(/^16 .* 08:00$/);

    fireEvent.click(screen.getByRole("button", { name: "Save draft" }));
    await waitFor(() => expect(server.writes()).toHaveLength(1));
    const body = server.writes()[0]!.body as { startAt: string; endAt: string };
    expect(dayjs(body.startAt).format("D HH:mm")).toBe("15 17:30");
    expect(dayjs(body.endAt).format("D HH:mm")).toBe("16 08:00");
  });
});

describe("the crew field", { timeout: LAZY_PAGE_TIMEOUT_MS }, () => {
  it("offers the company's workers by name and saves the ones chosen with the draft", async () => {
    const server = permitServer();
    renderPage("/supplier/list-permis-saved/new", { token: supplierToken() });
    await screen.findByRole("heading", { name: "Create a request" }, { timeout: patient(10_000) });
    await waitFor(() => expect((input("Principal (enterprise)") as HTMLInputElement).value).toBe(REFINERY.name));
    fireEvent.change(input("Task title"), { target: { value: "Weld the flange" } });
    await choose("Crew", "Wes Welder");
    fireEvent.click(screen.getByRole("button", { name: "Save draft" }));
    await waitFor(() => expect(server.writes()).toHaveLength(1));
    expect(server.writes()[0]!.body).toMatchObject({ crewIds: [CREW[1]!.id] });
    // Saved, the form shows the crew the server kept.
    expect((await within(screen.getByTestId("permit-crew-field")).findAllByText("Wes Welder")).length).toBeGreaterThan(
      0,
    );
  });
});

describe("unsaved changes", { timeout: LAZY_PAGE_TIMEOUT_MS }, () => {
  const NEW_KEY = localDraftKey(SUPPLIER_USER_ID, null);
  const stored = (key: string) => JSON.parse(window.localStorage.getItem(key) ?? "null") as TLocalDraft | null;
  const leaveDialog = () => screen.queryByRole("dialog", { name: "Leave without saving?" });

  it("asks before leaving what was typed, and no longer once it is saved", async () => {
    const server = permitServer();
    const { router } = renderPage("/supplier/list-permis-saved/new", { token: supplierToken() });
    await screen.findByRole("heading", { name: "Create a request" }, { timeout: patient(10_000) });
    await waitFor(() => expect((input("Principal (enterprise)") as HTMLInputElement).value).toBe(REFINERY.name));
    // Opening the form (its principal filled in for the user) is no typing.
    fireEvent.click(screen.getByRole("link", { name: "Back to the list" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/supplier/list-permis-saved"));
    expect(leaveDialog()).toBeNull();

    await act(() => router.navigate("/supplier/list-permis-saved/new"));
    await screen.findByRole("heading", { name: "Create a request" });
    await waitFor(() => expect((input("Principal (enterprise)") as HTMLInputElement).value).toBe(REFINERY.name));
    fireEvent.change(input("Task title"), { target: { value: "Weld the flange" } });
    fireEvent.click(screen.getByRole("link", { name: "Back to the list" }));
    expect(await screen.findByRole("dialog", { name: "Leave without saving?" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Stay" }));
    await waitFor(() => expect(leaveDialog()).toBeNull());
    expect((input("Task title") as HTMLInputElement).value).toBe("Weld the flange");

    // The first save moves the form to its draft's URL without asking; then nothing is left to ask about.
    fireEvent.click(screen.getByRole("button", { name: "Save draft" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/supplier/list-permis-saved/${permit(1).id}`));
    expect(server.writes()).toHaveLength(1);
    fireEvent.click(screen.getByRole("link", { name: "Back to the list" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/supplier/list-permis-saved"));
    expect(leaveDialog()).toBeNull();
  });

  it("keeps a local copy while typing, offers it when the form opens again, and drops it once saved", async () => {
    permitServer();
    const first = renderPage("/supplier/list-permis-saved/new", { token: supplierToken() });
    await screen.findByRole("heading", { name: "Create a request" }, { timeout: patient(10_000) });
    fireEvent.change(input("Task title"), { target: { value: "Weld the flange" } });
    fireEvent.change(input("Job description"), { target: { value: "Replace the gasket" } });
    await waitFor(() => expect(stored(NEW_KEY)?.values.jobDescription).toBe("Replace the gasket"));
    const copy = stored(NEW_KEY)!;
    // The form's fields only.
    expect(Object.keys(copy.values).sort()).toEqual(Object.keys(formValuesOf(permit(1))).sort());
    expect(JSON.stringify(copy)).not.toContain(supplierToken());
    first.unmount(); // the tab is closed

    const server = permitServer();
    renderPage("/supplier/list-permis-saved/new", { token: supplierToken() });
    await screen.findByRole("heading", { name: "Create a request" }, { timeout: patient(10_000) });
    const offer = await screen.findByTestId("permit-local-copy");
    expect(within(offer).getByText(/you started a request that was not saved/)).toBeTruthy();
    expect((input("Task title") as HTMLInputElement).value).toBe("");
    fireEvent.click(within(offer).getByRole("button", { name: "Restore" }));
    expect((input("Task title") as HTMLInputElement).value).toBe("Weld the flange");
    expect((input("Job description") as HTMLTextAreaElement).value).toBe("Replace the gasket");
    expect(screen.queryByTestId("permit-local-copy")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Save draft" }));
    expect(await screen.findByText("Draft saved")).toBeTruthy();
    expect(server.writes()[0]?.body).toMatchObject({
      taskTitle: "Weld the flange",
      jobDescription: "Replace the gasket",
    });
    await waitFor(() => expect(window.localStorage.getItem(NEW_KEY)).toBeNull());
    expect(window.localStorage.getItem(localDraftKey(SUPPLIER_USER_ID, permit(1).id))).toBeNull();
  });

  it("offers a copy newer than the saved draft; Discard keeps the saved version and forgets the copy", async () => {
    const draft = permit(6);
    const key = localDraftKey(SUPPLIER_USER_ID, draft.id);
    const copy: TLocalDraft = {
      version: 1,
      at: "2026-11-21T09:00:00.000Z",
      base: draft.updatedAt,
      values: { ...formValuesOf(draft), taskTitle: "Typed, never saved" },
    };
    window.localStorage.setItem(key, JSON.stringify(copy));
    permitServer({ permits: [draft] });
    renderPage(`/supplier/list-permis-saved/${draft.id}`, { token: supplierToken() });
    await screen.findByRole("heading", { name: "Edit the request" }, { timeout: patient(10_000) });
    const offer = await screen.findByTestId("permit-local-copy");
    expect(within(offer).getByText(/you typed changes to this request that were not saved/)).toBeTruthy();
    fireEvent.click(within(offer).getByRole("button", { name: "Discard" }));
    expect(screen.queryByTestId("permit-local-copy")).toBeNull();
    expect((input("Task title") as HTMLInputElement).value).toBe(draft.taskTitle);
    expect(window.localStorage.getItem(key)).toBeNull();
  });

  it("forgets, without asking, a copy older than the saved draft", async () => {
    const draft = permit(6);
    const key = localDraftKey(SUPPLIER_USER_ID, draft.id);
    const copy: TLocalDraft = {
      version: 1,
      at: "2000-01-01T00:00:00.000Z",
      base: "2000-01-01T00:00:00.000Z",
      values: { ...formValuesOf(draft), taskTitle: "An old copy" },
    };
    window.localStorage.setItem(key, JSON.stringify(copy));
    permitServer({ permits: [draft] });
    const { router } = renderPage(`/supplier/list-permis-saved/${draft.id}`, { token: supplierToken() });
    await screen.findByRole("heading", { name: "Edit the request" }, { timeout: patient(10_000) });
    expect((input("Task title") as HTMLInputElement).value).toBe(draft.taskTitle);
    expect(screen.queryByTestId("permit-local-copy")).toBeNull();
    expect(window.localStorage.getItem(key)).toBeNull();
    // Opening a saved draft (what its place requires merged in) is no typing: it may be left at once.
    await screen.findByTestId("permit-risks-fixed");
    fireEvent.click(screen.getByRole("link", { name: "Back to the list" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/supplier/list-permis-saved"));
    expect(leaveDialog()).toBeNull();
  });
});
