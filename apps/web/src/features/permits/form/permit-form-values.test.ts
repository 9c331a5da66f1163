import { sendMissing } from "@openpermit/shared";
import { describe, expect, it } from "vitest";
import { fileProblem } from "./file-checks";
import { draftOf, emptyFormValues, isoToLocal, localToIso, parsedDraft, saveErrors } from "./permit-form-values";

const ENTERPRISE = "00000000-0000-4000-8000-000000000010";
const values = (changes: Partial<ReturnType<typeof emptyFormValues>> = {}) => ({
  ...emptyFormValues(ENTERPRISE),
  taskTitle: "Weld",
  ...changes,
});

describe("permit form values", () => {
  it("sends local wall-clock times as UTC and reads them back in the user's time zone", () => {
    const iso = localToIso("2026-12-01 08:00:00");
    expect(iso).toBe(new Date(2026, 11, 1, 8, 0, 0).toISOString());
    expect(isoToLocal(iso)).toBe("2026-12-01 08:00:00");
    expect(localToIso(null)).toBeNull();
  });

  it("refuses an end before or at the start, on the end field", () => {
    const before = draftOf(values({ startAt: "2026-12-01 08:00:00", endAt: "2026-12-01 07:59:00" }), []);
    expect(saveErrors(before)).toEqual({ endAt: "endAfterStart" });
    const same = draftOf(values({ startAt: "2026-12-01 08:00:00", endAt: "2026-12-01 08:00:00" }), []);
    expect(saveErrors(same)).toEqual({ endAt: "endAfterStart" });
    const after = draftOf(values({ startAt: "2026-12-01 08:00:00", endAt: "2026-12-01 08:01:00" }), []);
    expect(saveErrors(after)).toEqual({});
  });

  it("needs a title and a principal to save, nothing more", () => {
    expect(saveErrors(draftOf({ ...emptyFormValues(null) }, []))).toEqual({
      enterpriseId: "permits:form.principalRequired",
      taskTitle: "titleRequired",
    });
  });

  it("always keeps what the place requires, and sends every checklist item shown, answered or not", () => {
    const draft = draftOf(
      values({ riskIds: ["00000000-0000-4000-8000-000000000052"], checklist: { "workType:w:1": true } }),
      [
        { source: "workType", sourceId: "w", index: 0, mayBeNotApplicable: false },
        { source: "workType", sourceId: "w", index: 1, mayBeNotApplicable: false },
      ],
      { riskIds: ["00000000-0000-4000-8000-000000000051"], specificRiskIds: [], epiIds: ["e"] },
    );
    expect(draft.riskIds).toEqual(["00000000-0000-4000-8000-000000000051", "00000000-0000-4000-8000-000000000052"]);
    expect(draft.epiIds).toEqual(["e"]);
    expect(draft.checklist).toEqual([
      { source: "workType", sourceId: "w", index: 0, checked: false, notApplicable: false, notApplicableReason: "" },
      { source: "workType", sourceId: "w", index: 1, checked: true, notApplicable: false, notApplicableReason: "" },
    ]);
  });

  it("sends 'not applicable' with its reason only for an item that may be, and never with a tick", () => {
    const W = "00000000-0000-4000-8000-000000000040";
    const shown = [
      { source: "workType" as const, sourceId: W, index: 0, mayBeNotApplicable: true },
      { source: "workType" as const, sourceId: W, index: 1, mayBeNotApplicable: false },
    ];
    const draft = draftOf(
      values({
        checklist: { [`workType:${W}:0`]: true, [`workType:${W}:1`]: false },
        notApplicable: { [`workType:${W}:0`]: "No scaffold on this job", [`workType:${W}:1`]: "stale mark" },
      }),
      shown,
    );
    expect(draft.checklist).toEqual([
      {
        source: "workType",
        sourceId: W,
        index: 0,
        checked: false,
        notApplicable: true,
        notApplicableReason: "No scaffold on this job",
      },
      { source: "workType", sourceId: W, index: 1, checked: false, notApplicable: false, notApplicableReason: "" },
    ]);
    // The item that may not be N/A is still unanswered; a N/A without its reason is named too.
    expect(sendMissing(parsedDraft(draft)).checklist).toBe("checklistIncomplete");
    const noReason = draftOf(
      values({ checklist: { [`workType:${W}:1`]: true }, notApplicable: { [`workType:${W}:0`]: " " } }),
      shown,
    );
    expect(sendMissing(parsedDraft(noReason)).checklist).toBe("checklistReasonRequired");
    const answered = draftOf(
      values({ checklist: { [`workType:${W}:1`]: true }, notApplicable: { [`workType:${W}:0`]: "No scaffold" } }),
      shown,
    );
    expect(sendMissing(parsedDraft(answered)).checklist).toBeUndefined();
  });

  it("turns Yes/No radios into the answers; sendMissing names the unanswered ones and refuses an unsafe No", () => {
    const draft = draftOf(
      values({ answers: { qualificationsAndTools: "yes", jsaComplete: "no", newRiskPossible: "" } }),
      [],
    );
    expect(draft.answers).toEqual({ qualificationsAndTools: true, jsaComplete: false, newRiskPossible: null });
    expect(sendMissing(parsedDraft(draft))).toMatchObject({ "answers.newRiskPossible": "answerRequired" });
    expect(sendMissing(parsedDraft(draft))).toMatchObject({ "answers.jsaComplete": "jsaIncomplete" });
    expect(sendMissing(parsedDraft(draft))).not.toHaveProperty("answers.qualificationsAndTools");
  });
});

describe("file checks", () => {
  const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });
  it("accepts PDFs, images and office documents, even untyped ones by their extension", () => {
    expect(fileProblem(file("plan.pdf", "application/pdf"))).toBeNull();
    expect(fileProblem(file("notes.odt", ""))).toBeNull();
  });
  it("refuses other types, empty files and files over 20 MB before sending them", () => {
    expect(fileProblem(file("run.exe", "application/x-msdownload"))).toBe("files.wrongType");
    expect(fileProblem(file("old.doc", "application/msword"))).toBe("files.wrongType");
    expect(fileProblem(file("empty.pdf", "application/pdf", 0))).toBe("files.empty");
    expect(fileProblem(file("big.pdf", "application/pdf", 20 * 1024 * 1024 + 1))).toBe("files.tooLarge");
  });
});
