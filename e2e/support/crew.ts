import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { bearerOf, getData } from "./api";
import { DEMO } from "./demo-accounts";

/** Crew sign-ons through the API (docs/safety.md, Crew): the start needs a worker signed on. */

interface TCrewRead {
  id: string;
  status: string;
  crew: { id: string; name: string; signedOnAt: string | null }[];
}

/** The demo account's id and name. */
export async function personOf(request: APIRequestContext, email: string) {
  return getData<{ id: string; name: string }>(request, "/api/auth/me", await bearerOf(request, email));
}

/**
 * Signs the worker off every other live permit of the demo contractor (its Supplier holds them all): a worker is on
 * one live permit at a time, and the demo and earlier journeys leave some in progress.
 */
export async function freeWorker(request: APIRequestContext, workerId: string, exceptPermitId: string) {
  const supplier = await bearerOf(request, DEMO.supplier.email);
  const live = await getData<{ id: string }[]>(
    request,
    "/api/permits?view=sent&status=accepted,In_progress&pageSize=100",
    supplier,
  );
  for (const { id } of live.filter((p) => p.id !== exceptPermitId)) {
    const permit = await getData<TCrewRead>(request, `/api/permits/${id}`, supplier);
    if (!permit.crew.some((w) => w.id === workerId && w.signedOnAt)) continue;
    await request.post(`/api/permits/${id}/crew/${workerId}/sign-off`, { headers: supplier });
  }
}

/** Names the demo employee on the permit's crew and signs them on, by the holder (the demo Supplier). */
export async function signOnCrewByApi(
  request: APIRequestContext,
  permitId: string,
  email: string = DEMO.employee.email,
) {
  const supplier = await bearerOf(request, DEMO.supplier.email);
  const worker = await personOf(request, email);
  await freeWorker(request, worker.id, permitId);
  const permit = await getData<TCrewRead>(request, `/api/permits/${permitId}`, supplier);
  if (!permit.crew.some((w) => w.id === worker.id)) {
    const workerIds = [...permit.crew.map((w) => w.id), worker.id];
    const changed = await request.put(`/api/permits/${permitId}/crew`, { headers: supplier, data: { workerIds } });
    expect(changed.status(), await changed.text()).toBe(200);
  }
  const signedOn = await request.post(`/api/permits/${permitId}/crew/${worker.id}/sign-on`, {
    headers: supplier,
    data: { declaration: true, language: "en" },
  });
  expect([200, 409], await signedOn.text()).toContain(signedOn.status());
}

/** The permit's id, from the page showing it (its path ends with the id). */
export const permitIdOf = (page: Page) => new URL(page.url()).pathname.split("/").at(-1)!;
