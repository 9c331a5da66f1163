import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { uniqueEmail } from "./accounts";
import { bearerOf, getData } from "./api";
import { giveEvidence, requirementNamed, reviewEvidence } from "./compliance";
import { DEMO } from "./demo-accounts";
import { waitForLink } from "./outbox";

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

export interface TWorker {
  id: string;
  name: string;
  email: string;
  password: string;
}

const WORKER_PASSWORD = "Worker-pass-1";

/**
 * A new employee of the demo contractor, invited by its Supplier and with the account completed: each journey signs
 * on a worker of its own. A worker may be signed on to one live permit at a time, and the journeys run side by side:
 * one shared worker would be signed off by one journey while another counts on it. `trained` (the default): with the
 * demo's hot-work training given and accepted, as the demo's Hot work needs of every crew member (demo/compliance.ts);
 * a journey about that gate asks for an untrained one.
 */
export async function freshWorker(
  request: APIRequestContext,
  firstName = "Wendy",
  { trained = true }: { trained?: boolean } = {},
): Promise<TWorker> {
  const supplier = await bearerOf(request, DEMO.supplier.email);
  const email = uniqueEmail("worker");
  const name = `${firstName} Worker-${email.slice(7, 13)}`;
  const created = await request.post("/api/employees", { headers: supplier, data: { name, email } });
  expect(created.status(), await created.text()).toBe(201);
  const token = new URL(await waitForLink(email)).searchParams.get("token");
  const completed = await request.post("/api/auth/complete-account", {
    data: { token, password: WORKER_PASSWORD, name, phone: "+33 6 11 22 33 44" },
  });
  expect(completed.status(), await completed.text()).toBe(200);
  const id = (await created.json()).data.id as string;
  if (trained) {
    const training = await requirementNamed(request, "Hot-work training");
    const certificate = await giveEvidence(request, supplier, { requirementId: training.id, workerId: id });
    await reviewEvidence(request, certificate.id, "accept");
  }
  return { id, name, email, password: WORKER_PASSWORD };
}

/** Names the worker (a new one unless given) on the permit's crew and signs them on, by the holder (the demo Supplier). */
export async function signOnCrewByApi(request: APIRequestContext, permitId: string, given?: TWorker) {
  const supplier = await bearerOf(request, DEMO.supplier.email);
  const worker = given ?? (await freshWorker(request));
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
  expect(signedOn.status(), await signedOn.text()).toBe(200);
  return worker;
}

/** The permit's id, from the page showing it (its path ends with the id). */
export const permitIdOf = (page: Page) => new URL(page.url()).pathname.split("/").at(-1)!;
