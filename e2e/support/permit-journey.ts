import type { APIRequestContext } from "@playwright/test";
import { uniqueEmail } from "./accounts";
import { bearerOf, createPermitManager, getData } from "./api";
import { signOnCrewByApi } from "./crew";
import { DEMO } from "./demo-accounts";
import { act, employeeDraft, type TBearer } from "./permit-api";

/**
 * A permit of the journey's own brought to work in progress through the API, with managers of its own on the
 * sector: the journeys that test what happens during the work (suspension, extension, handover) start there.
 */
export const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
export const MANAGER_PASSWORD = "Suspend-pass-1";

/** Two managers of their own on the sector (one verifies, the other approves: four eyes), signed in by API. */
export async function managersOf(request: APIRequestContext, division: string, sector: string) {
  const enterprise = await bearerOf(request, DEMO.enterprise.email);
  const make = async (name: string, role: string) => {
    const email = uniqueEmail(role);
    const person = {
      name,
      email,
      password: MANAGER_PASSWORD,
      division,
      sector: new RegExp(`^${escaped(sector)}$`),
      role,
    };
    await createPermitManager(request, enterprise, person);
    return { email, bearer: await bearerOf(request, email, MANAGER_PASSWORD) };
  };
  // Side by side: each waits for its invitation e-mail.
  const [verifier, approver] = await Promise.all([
    make("Vera Verifier", "verifier"),
    make("Abel Approver", "approver"),
  ]);
  return { verifier, approver };
}

/**
 * The draft sent, verified (and approved when its level asks), accepted and, unless `start` is false, started:
 * work in progress.
 */
export async function authorised(
  request: APIRequestContext,
  employee: TBearer,
  permitId: string,
  people: Awaited<ReturnType<typeof managersOf>>,
  start = true,
) {
  await act(request, employee, permitId, "send");
  await act(request, people.verifier.bearer, permitId, "verify", { password: MANAGER_PASSWORD });
  const verified = await getData<{ status: string }>(request, `/api/permits/${permitId}`, employee);
  if (verified.status === "Confirmed") {
    await act(request, people.approver.bearer, permitId, "approve", { password: MANAGER_PASSWORD });
  }
  await act(request, employee, permitId, "accept");
  if (!start) return;
  // The start needs a worker signed on: one of the journey's own.
  await signOnCrewByApi(request, permitId);
  await act(request, employee, permitId, "start");
}

/** A new draft of the demo employee with managers of its own on its sector, brought to work in progress. */
export async function permitInProgress(request: APIRequestContext) {
  const employee = await bearerOf(request, DEMO.employee.email);
  const draft = await employeeDraft(request, employee);
  const people = await managersOf(request, draft.division!.name, draft.sector!.name);
  await authorised(request, employee, draft.id, people);
  return { employee, draft, people };
}
