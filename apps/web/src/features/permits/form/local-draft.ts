import { useCallback, useEffect, useRef, useState } from "react";
import type { TPermitFormValues } from "./permit-form-values";
import type { TPermitForm } from "./use-permit-form";

/**
 * A copy of the permit form kept in this browser while it is edited, so a crash, a closed tab or a lost session
 * loses nothing typed. Keyed by the person and the permit (`new` before the first save); it holds the form's own
 * values only (no password, token or file: the form has none but files, which are not copied).
 */
export interface TLocalDraft {
  version: 1;
  /** When the copy was written (the browser's clock). */
  at: string;
  /** The saved permit's `updatedAt` the typing started from; null for a new request. */
  base: string | null;
  values: TPermitFormValues;
}

const PREFIX = "openpermit:permit-draft";
/** How long typing may go on before the copy is written again. */
const WRITE_DELAY_MS = 400;

export const localDraftKey = (userId: string, permitId: string | null) => `${PREFIX}:${userId}:${permitId ?? "new"}`;

/** Exactly the form's fields, whatever else an object holds. */
function formFields(values: TPermitFormValues): TPermitFormValues {
  return {
    enterpriseId: values.enterpriseId,
    sectorId: values.sectorId,
    subSectorId: values.subSectorId,
    workTypeId: values.workTypeId,
    taskTitle: values.taskTitle,
    jobDescription: values.jobDescription,
    generalInformation: values.generalInformation,
    additionalInformation: values.additionalInformation,
    subcontractor: values.subcontractor,
    startAt: values.startAt,
    endAt: values.endAt,
    probabilityId: values.probabilityId,
    severityId: values.severityId,
    riskIds: [...values.riskIds],
    specificRiskIds: [...values.specificRiskIds],
    epiIds: [...values.epiIds],
    answers: { ...values.answers },
    // A copy written before the field existed has none.
    newRiskDescription: typeof values.newRiskDescription === "string" ? values.newRiskDescription : "",
    checklist: { ...values.checklist },
    // A copy written before "not applicable" existed has none.
    notApplicable: typeof values.notApplicable === "object" && values.notApplicable ? { ...values.notApplicable } : {},
    // A copy written before the crew existed has none.
    crewIds: isStringArray(values.crewIds) ? [...values.crewIds] : [],
  };
}

const isStringOrNull = (value: unknown) => value === null || typeof value === "string";
const isStringArray = (value: unknown) => Array.isArray(value) && value.every((item) => typeof item === "string");

/** A stored copy, if it still has the shape this version of the app writes (anything else is dropped). */
export function parseLocalDraft(raw: string | null): TLocalDraft | null {
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<TLocalDraft>;
    const values = parsed.values as Partial<TPermitFormValues> | undefined;
    if (parsed.version !== 1 || typeof parsed.at !== "string" || !isStringOrNull(parsed.base) || !values) return null;
    const strings = ["taskTitle", "jobDescription", "generalInformation", "additionalInformation", "subcontractor"];
    const ids = ["enterpriseId", "sectorId", "subSectorId", "workTypeId", "startAt", "endAt", "probabilityId"];
    if (!strings.every((key) => typeof values[key as keyof TPermitFormValues] === "string")) return null;
    if (![...ids, "severityId"].every((key) => isStringOrNull(values[key as keyof TPermitFormValues]))) return null;
    if (![values.riskIds, values.specificRiskIds, values.epiIds].every(isStringArray)) return null;
    if (typeof values.answers !== "object" || typeof values.checklist !== "object" || !values.answers) return null;
    if (!values.checklist) return null;
    return { version: 1, at: parsed.at, base: parsed.base ?? null, values: formFields(values as TPermitFormValues) };
  } catch {
    return null;
  }
}

function readCopy(key: string): TLocalDraft | null {
  try {
    return parseLocalDraft(window.localStorage.getItem(key));
  } catch {
    return null;
  }
}

function writeCopy(key: string, draft: TLocalDraft): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // Storage full or unavailable (privacy mode): the leave guard still asks before anything is lost.
  }
}

function removeCopy(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing was stored then.
  }
}

const sameValues = (a: TPermitFormValues, b: TPermitFormValues) =>
  JSON.stringify(formFields(a)) === JSON.stringify(formFields(b));

/**
 * Whether a copy is worth offering over what the form opened with: it differs from it, and it was typed on top of
 * this saved version (same `base`) or written after it was saved.
 */
export function isNewerCopy(copy: TLocalDraft, opened: TPermitFormValues, savedAt: string | null): boolean {
  if (sameValues(copy.values, opened)) return false;
  if (savedAt === null || copy.base === savedAt) return true;
  return Date.parse(copy.at) > Date.parse(savedAt);
}

interface TLocalDraftOptions {
  form: TPermitForm;
  /** The signed-in person; without one nothing is kept. */
  userId: string | null;
  /** The draft's id once saved; null for a new request. */
  permitId: string | null;
  /** The saved permit's `updatedAt` the form opened with; null for a new request. */
  savedAt: string | null;
}

/**
 * Keeps the permit form's local copy: written a moment after each change while the form is unsaved (and at once when
 * the page goes away), removed when it is saved again. On opening, a newer copy than the saved permit is offered
 * (`offer`): `restore` puts it in the form, `discard` forgets it; until then nothing is written over it.
 */
export function usePermitLocalDraft({ form, userId, permitId, savedAt }: TLocalDraftOptions) {
  const key = userId ? localDraftKey(userId, permitId) : null;
  const base = useRef(savedAt);
  const [offer, setOffer] = useState<TLocalDraft | null>(() => {
    if (!key) return null;
    const copy = readCopy(key);
    if (copy && isNewerCopy(copy, form.getValues(), savedAt)) return copy;
    if (copy) removeCopy(key);
    return null;
  });

  const latest = useRef({ key, offer, form });
  latest.current = { key, offer, form };

  /** Writes (or, when nothing is unsaved, removes) the copy now. */
  const persist = useCallback(() => {
    const { key: current, offer: pending, form: currentForm } = latest.current;
    if (!current || pending) return;
    if (!currentForm.isDirty()) {
      removeCopy(current);
      return;
    }
    writeCopy(current, {
      version: 1,
      at: new Date().toISOString(),
      base: base.current,
      values: formFields(currentForm.getValues()),
    });
  }, []);

  const serialized = JSON.stringify(form.getValues());
  // biome-ignore lint/correctness/useExhaustiveDependencies: every change of the values (serialized) writes the copy.
  useEffect(() => {
    const timer = window.setTimeout(persist, WRITE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [serialized, persist]);

  // The page goes away (a reload, the tab closed, the browser killed it in the background): write what is there.
  useEffect(() => {
    window.addEventListener("pagehide", persist);
    return () => window.removeEventListener("pagehide", persist);
  }, [persist]);

  return {
    offer,
    restore: () => {
      if (!offer) return;
      form.setValues(offer.values);
      setOffer(null);
    },
    discard: () => {
      if (key) removeCopy(key);
      setOffer(null);
    },
    /** The form was saved (`updatedAt`): the copy of the new request and of this draft go. */
    saved: (savedId: string, updatedAt: string) => {
      base.current = updatedAt;
      if (!userId) return;
      removeCopy(localDraftKey(userId, null));
      removeCopy(localDraftKey(userId, savedId));
    },
  };
}
