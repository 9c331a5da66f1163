import { randomBytes } from "node:crypto";
import { isSignedAction, type TPermitAction } from "@openpermit/shared";
import { type APIRequestContext, expect } from "@playwright/test";
import { bearerOf, getData } from "./api";
import { DEMO, DEMO_PASSWORD } from "./demo-accounts";

/** Permits through the API, for journeys that need one in a given state before their screens. */

export type TBearer = Record<string, string>;
interface TRef {
  id: string;
  name: string;
}
export interface TPermitRead {
  id: string;
  taskTitle: string;
  enterprise: TRef;
  division: TRef | null;
  sector: TRef | null;
  subSector: TRef | null;
  workType: TRef | null;
  jobDescription: string;
  probability: { id: string } | null;
  severity: { id: string } | null;
  risks: TRef[];
  specificRisks: TRef[];
  epis: TRef[];
  checklist: { source: string; sourceId: string; index: number }[];
  sendMissing: Record<string, string>;
  /** Null unless its work type requires a gas test before the start. */
  gasTest: unknown | null;
}

/** A remark (recheck, reject), and the signer's password when it is not the demo accounts' one. */
interface TActOptions {
  remark?: string;
  password?: string;
}

/**
 * The body an action needs through the API: a signature (verify, approve, handBack: the signer's password and the
 * declaration ticked), a close-out (end: the safe answers), the declaration (accept), and the remark if any.
 */
function actionBody(action: string, { remark, password = DEMO_PASSWORD }: TActOptions): Record<string, unknown> {
  const needs = isSignedAction(action as TPermitAction)
    ? { password, declaration: true, language: "en" }
    : action === "end"
      ? { workComplete: true, areaSafe: true, toolsRemoved: true, peopleOut: true }
      : action === "accept"
        ? { declaration: true }
        : {};
  return remark === undefined ? needs : { ...needs, remark };
}

/**
 * A send, verify or approve acknowledges the permit's clashes (journeys share the demo's places and times):
 * hot-work-journey.spec.ts checks the clash dialogs; set-up through the API acknowledges each as its signer would.
 */
async function clashesAcknowledged(request: APIRequestContext, bearer: TBearer, permitId: string, action: string) {
  if (!["send", "verify", "approve"].includes(action)) return {};
  const { clashes } = await getData<{ clashes: Array<{ permit: { documentNumber: string } }> }>(
    request,
    `/api/permits/${permitId}/clashes`,
    bearer,
  );
  if (clashes.length === 0) return {};
  const remark = "Coordinated with the area authority (journey set-up).";
  return { clashAcknowledgements: clashes.map((c) => ({ documentNumber: c.permit.documentNumber, remark })) };
}

/** A workflow action through the API, with what the action needs (actionBody); fails the test unless 200. */
export async function act(
  request: APIRequestContext,
  bearer: TBearer,
  permitId: string,
  action: string,
  options: TActOptions = {},
) {
  // A journey running beside this one may send a permit at the same place between the read of the clashes and the
  // action: refused for it, the clashes are read again and acknowledged, as a signer would in the dialog.
  for (let attempt = 1; ; attempt++) {
    const response = await request.post(`/api/permits/${permitId}/${action}`, {
      headers: bearer,
      data: { ...actionBody(action, options), ...(await clashesAcknowledged(request, bearer, permitId, action)) },
    });
    const text = await response.text();
    if (response.status() === 409 && text.includes("CLASHES_UNACKNOWLEDGED") && attempt < 5) continue;
    expect(response.status(), `${action}: ${text}`).toBe(200);
    return;
  }
}

/** What a journey may change of the copy before it is sent: its place, its level (probability × severity), its title. */
export interface TDraftChanges {
  sectorId?: string;
  subSectorId?: string | null;
  /** Another work type (a journey's own): its checklist is then the new type's, none unless it has one. */
  workTypeId?: string;
  checklist?: { source: string; sourceId: string; index: number; checked: boolean }[];
  probabilityId?: string;
  severityId?: string;
  taskTitle?: string;
}

/**
 * A sent permit of a work type a journey made for itself (named with a random suffix, support/compliance.ts): what it
 * needs of a crew is that journey's business, so no other journey copies it.
 */
const journeyMade = (original: TPermitRead) => /\s[0-9a-f]{6}$/.test(original.workType?.name ?? "");

/**
 * Where a journey's window starts: 10 minutes ahead (the work may start 15 minutes early, the enterprise's grace), but
 * never on the next day: a permit of tomorrow is not on today's live map, which journeys watch. Just before midnight
 * it starts a little earlier instead (a start up to 15 minutes past is still accepted when sent, the same grace).
 */
export function windowStart(now: number): number {
  const midnight = new Date(now);
  midnight.setHours(24, 0, 0, 0);
  return now + Math.max(Math.min(10 * 60_000, midnight.getTime() - now - 60_000), -5 * 60_000);
}

/**
 * A new draft of the demo employee, copied from one of its sent permits (the first `pick` accepts: by default any
 * whose work type needs no gas test, which a journey not about gas tests could not start),
 * then answered for anew as a copy must be (a window from now, the safe answers, every checklist item of the
 * original ticked), with the `changes` asked: ready to send.
 */
export async function employeeDraft(
  request: APIRequestContext,
  employee: TBearer,
  pick: (original: TPermitRead) => boolean = (original) => original.gasTest === null && !journeyMade(original),
  changes: TDraftChanges | ((original: TPermitRead) => Promise<TDraftChanges>) = {},
): Promise<TPermitRead> {
  const sent = await getData<Array<{ id: string }>>(request, "/api/permits?view=sent&pageSize=50", employee);
  const start = windowStart(Date.now());
  for (const { id } of sent) {
    const original = await getData<TPermitRead>(request, `/api/permits/${id}`, employee);
    if (!pick(original)) continue;
    const copy = await request.post(`/api/permits/${id}/duplicate`, { headers: employee });
    if (copy.status() !== 201) continue;
    const draft = (await copy.json()).data as TPermitRead;
    const asked = typeof changes === "function" ? await changes(original) : changes;
    const answered = await request.patch(`/api/permits/${draft.id}`, {
      headers: employee,
      data: {
        enterpriseId: draft.enterprise.id,
        sectorId: draft.sector?.id ?? null,
        subSectorId: draft.subSector?.id ?? null,
        workTypeId: draft.workType?.id ?? null,
        taskTitle: draft.taskTitle,
        jobDescription: draft.jobDescription,
        startAt: new Date(start).toISOString(),
        endAt: new Date(start + 8 * 3_600_000).toISOString(),
        probabilityId: draft.probability?.id ?? null,
        severityId: draft.severity?.id ?? null,
        riskIds: draft.risks.map((r) => r.id),
        specificRiskIds: draft.specificRisks.map((r) => r.id),
        epiIds: draft.epis.map((e) => e.id),
        answers: { qualificationsAndTools: true, jsaComplete: true, newRiskPossible: false },
        checklist: original.checklist.map(({ source, sourceId, index }) => ({
          source,
          sourceId,
          index,
          checked: true,
        })),
        ...asked,
      },
    });
    const ready = answered.ok() ? ((await answered.json()).data as TPermitRead) : draft;
    if (ready.sector && ready.division && Object.keys(ready.sendMissing).length === 0) return ready;
    await request.delete(`/api/permits/${draft.id}`, { headers: employee });
  }
  throw new Error("no demo permit of the employee could be copied into a sendable draft");
}

/**
 * A draft (employeeDraft) moved into a new sector of its division, made for the journey (`label` and a random suffix
 * name it): no other journey's permit is there, so nothing they do reaches its managers, and an emergency stop of
 * that sector stops nobody else's work.
 */
export async function draftInASectorOfItsOwn(
  request: APIRequestContext,
  employee: TBearer,
  label: string,
  more: (original: TPermitRead) => TDraftChanges = () => ({}),
) {
  const enterprise = await bearerOf(request, DEMO.enterprise.email);
  const sector = { id: "", name: `${label} ${randomBytes(3).toString("hex")}` };
  const draft = await employeeDraft(request, employee, undefined, async (original) => {
    if (sector.id === "") {
      const created = await request.post("/api/sectors", {
        headers: enterprise,
        data: {
          name: sector.name,
          divisionId: original.division!.id,
          gatheringPoint: "Main gate",
          number: 70_000 + Math.floor(Math.random() * 20_000),
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      sector.id = (await created.json()).data.id as string;
    }
    return { ...more(original), sectorId: sector.id, subSectorId: null };
  });
  expect(draft.sector?.id).toBe(sector.id);
  return { draft, sector };
}
