import {
  PERMIT_QUESTIONS,
  type TPermit,
  type TPermitDraft,
  type TPermitDraftParsed,
  type TPermitQuestion,
  ZPermitDraftSchema,
} from "@openpermit/shared";
import dayjs from "dayjs";

/** A Yes/No radio group's value: "" until answered. */
export type TAnswer = "yes" | "no" | "";

/** One checklist item's key in the form: `source:sourceId:index`. */
export type TChecklistKey = `${"workType" | "specificRisk"}:${string}:${number}`;

export interface TPermitFormValues {
  enterpriseId: string | null;
  sectorId: string | null;
  subSectorId: string | null;
  workTypeId: string | null;
  taskTitle: string;
  jobDescription: string;
  generalInformation: string;
  additionalInformation: string;
  subcontractor: string;
  /** Local wall-clock time as the date picker gives it (`YYYY-MM-DD HH:mm:ss`), or null. */
  startAt: string | null;
  endAt: string | null;
  probabilityId: string | null;
  severityId: string | null;
  riskIds: string[];
  specificRiskIds: string[];
  epiIds: string[];
  answers: Record<TPermitQuestion, TAnswer>;
  /** The new risk and its controls, asked when a new risk is possible. */
  newRiskDescription: string;
  checklist: Record<string, boolean>;
  /** The checklist items answered "not applicable" (by key), each with the reason typed so far. */
  notApplicable: Record<string, string>;
  /** The workers named on the crew, in order. */
  crewIds: string[];
}

const LOCAL_FORMAT = "YYYY-MM-DD HH:mm:ss";

/** The picker's local time → ISO UTC for the server. */
export function localToIso(local: string | null): string | null {
  if (!local) return null;
  const parsed = dayjs(local);
  return parsed.isValid() ? parsed.toISOString() : null;
}

/** ISO UTC from the server → the picker's local time (the user's time zone). */
export function isoToLocal(iso: string | null): string | null {
  return iso ? dayjs(iso).format(LOCAL_FORMAT) : null;
}

const toAnswer = (value: boolean | null): TAnswer => (value === null ? "" : value ? "yes" : "no");
const fromAnswer = (value: TAnswer): boolean | null => (value === "" ? null : value === "yes");

export function checklistKey(source: "workType" | "specificRisk", sourceId: string, index: number): TChecklistKey {
  return `${source}:${sourceId}:${index}`;
}

export function emptyFormValues(enterpriseId: string | null): TPermitFormValues {
  return {
    enterpriseId,
    sectorId: null,
    subSectorId: null,
    workTypeId: null,
    taskTitle: "",
    jobDescription: "",
    generalInformation: "",
    additionalInformation: "",
    subcontractor: "",
    startAt: null,
    endAt: null,
    probabilityId: null,
    severityId: null,
    riskIds: [],
    specificRiskIds: [],
    epiIds: [],
    answers: { qualificationsAndTools: "", jsaComplete: "", newRiskPossible: "" },
    newRiskDescription: "",
    checklist: {},
    notApplicable: {},
    crewIds: [],
  };
}

/** A saved draft (or a recheck) back into the form. */
export function formValuesOf(permit: TPermit): TPermitFormValues {
  return {
    enterpriseId: permit.enterprise.id,
    sectorId: permit.sector?.id ?? null,
    subSectorId: permit.subSector?.id ?? null,
    workTypeId: permit.workType?.id ?? null,
    taskTitle: permit.taskTitle,
    jobDescription: permit.jobDescription,
    generalInformation: permit.generalInformation,
    additionalInformation: permit.additionalInformation,
    subcontractor: permit.subcontractor,
    startAt: isoToLocal(permit.startAt),
    endAt: isoToLocal(permit.endAt),
    probabilityId: permit.probability?.id ?? null,
    severityId: permit.severity?.id ?? null,
    riskIds: permit.risks.map((risk) => risk.id),
    specificRiskIds: permit.specificRisks.map((risk) => risk.id),
    epiIds: permit.epis.map((epi) => epi.id),
    answers: {
      qualificationsAndTools: toAnswer(permit.answers.qualificationsAndTools),
      jsaComplete: toAnswer(permit.answers.jsaComplete),
      newRiskPossible: toAnswer(permit.answers.newRiskPossible),
    },
    newRiskDescription: permit.newRiskDescription,
    checklist: Object.fromEntries(
      permit.checklist.map((item) => [checklistKey(item.source, item.sourceId, item.index), item.checked]),
    ),
    notApplicable: Object.fromEntries(
      permit.checklist
        .filter((item) => item.notApplicable)
        .map((item) => [checklistKey(item.source, item.sourceId, item.index), item.notApplicableReason]),
    ),
    crewIds: permit.crew.map((worker) => worker.id),
  };
}

/** A checklist item the form currently shows (of the chosen work type or of a chosen specific risk). */
export interface TShownChecklistItem {
  source: "workType" | "specificRisk";
  sourceId: string;
  index: number;
  /** Whether its work type or specific risk lets it be answered "not applicable". */
  mayBeNotApplicable: boolean;
}

/**
 * The draft the server gets. `required` (what the place and work type require) is always kept, whatever the
 * form holds; the checklist holds the items shown now, answered or not.
 */
export function draftOf(
  values: TPermitFormValues,
  shownChecklist: TShownChecklistItem[],
  required: { riskIds: string[]; specificRiskIds: string[]; epiIds: string[] } = {
    riskIds: [],
    specificRiskIds: [],
    epiIds: [],
  },
): TPermitDraft {
  const union = (a: string[], b: string[]) => [...new Set([...b, ...a])];
  return {
    enterpriseId: values.enterpriseId ?? "",
    sectorId: values.sectorId,
    subSectorId: values.subSectorId,
    workTypeId: values.workTypeId,
    taskTitle: values.taskTitle,
    jobDescription: values.jobDescription,
    generalInformation: values.generalInformation,
    additionalInformation: values.additionalInformation,
    subcontractor: values.subcontractor,
    startAt: localToIso(values.startAt),
    endAt: localToIso(values.endAt),
    probabilityId: values.probabilityId,
    severityId: values.severityId,
    riskIds: union(values.riskIds, required.riskIds),
    specificRiskIds: union(values.specificRiskIds, required.specificRiskIds),
    epiIds: union(values.epiIds, required.epiIds),
    answers: Object.fromEntries(
      PERMIT_QUESTIONS.map((question) => [question, fromAnswer(values.answers[question])]),
    ) as TPermitDraft["answers"],
    // Kept while the answer is No too (nothing typed is thrown away); sending only needs it for Yes.
    newRiskDescription: values.newRiskDescription,
    checklist: shownChecklist.map(({ mayBeNotApplicable, ...item }) => {
      const key = checklistKey(item.source, item.sourceId, item.index);
      // "Not applicable" only where allowed (a stale mark from another work type is dropped), and never with a tick.
      const reason = mayBeNotApplicable ? values.notApplicable[key] : undefined;
      return reason === undefined
        ? { ...item, checked: values.checklist[key] ?? false, notApplicable: false, notApplicableReason: "" }
        : { ...item, checked: false, notApplicable: true, notApplicableReason: reason };
    }),
    crewIds: values.crewIds,
  };
}

/** What saving needs (the contract's schema): field path → validation key; empty when it may be saved. */
export function saveErrors(draft: TPermitDraft): Record<string, string> {
  const parsed = ZPermitDraftSchema.safeParse(draft);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.join(".") || "taskTitle";
    // enterpriseId is a select of the principals: an empty one means none was chosen.
    errors[field] ??= field === "enterpriseId" ? "permits:form.principalRequired" : issue.message;
  }
  return errors;
}

/** The parsed draft, for the contract's sendMissing (only once saveErrors is empty). */
export function parsedDraft(draft: TPermitDraft): TPermitDraftParsed {
  return ZPermitDraftSchema.parse(draft);
}
