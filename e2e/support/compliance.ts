import { randomBytes } from "node:crypto";
import { type APIRequestContext, expect } from "@playwright/test";
import { bearerOf, getData } from "./api";
import { DEMO } from "./demo-accounts";
import type { TBearer } from "./permit-api";

/** Contractor compliance through the API (docs/safety.md, "Contractor compliance"): what journeys set up. */

/** A small but real PDF: the server tells a file's type by its content. */
export const CERTIFICATE_PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n" +
    "trailer<</Root 1 0 R>>\n%%EOF\n",
);

/** The demo enterprise's requirement of that name. */
export async function requirementNamed(request: APIRequestContext, name: string) {
  const enterprise = await bearerOf(request, DEMO.enterprise.email);
  const requirements = await getData<{ id: string; name: string }[]>(
    request,
    "/api/compliance/requirements",
    enterprise,
  );
  const found = requirements.find((r) => r.name === name);
  expect(found, `the demo requires "${name}"`).toBeTruthy();
  return found!;
}

/**
 * A work type of the journey's own that needs the requirement of every crew member: no other journey's permit is of
 * that type, so what it needs stops nobody else's work.
 */
export async function workTypeNeeding(request: APIRequestContext, requirementId: string, label: string) {
  const enterprise = await bearerOf(request, DEMO.enterprise.email);
  const name = `${label} ${randomBytes(3).toString("hex")}`;
  const created = await request.post("/api/work-types", {
    headers: enterprise,
    data: { kind: "general", name, description: "Made by an end-to-end journey." },
  });
  expect(created.status(), await created.text()).toBe(201);
  const workType = (await created.json()).data as { id: string; name: string };
  const needs = await request.put(`/api/work-types/${workType.id}/compliance`, {
    headers: enterprise,
    data: { requirements: [{ requirementId, rule: "every_worker" }] },
  });
  expect(needs.status(), await needs.text()).toBe(200);
  return workType;
}

/** Today and a day `days` from it, as the API's calendar days. */
export const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The supplier gives evidence of a requirement (a company document, or a worker's certificate) through the API. */
export async function giveEvidence(
  request: APIRequestContext,
  supplier: TBearer,
  evidence: { requirementId: string; workerId?: string; coverAmount?: number },
) {
  const fields: Record<string, string> = {
    requirementId: evidence.requirementId,
    issuer: "Refinery Training Centre",
    reference: `E2E-${randomBytes(3).toString("hex")}`,
    validFrom: dayFromToday(-1),
  };
  if (evidence.workerId) fields.workerId = evidence.workerId;
  if (evidence.coverAmount !== undefined) fields.coverAmount = String(evidence.coverAmount);
  const given = await request.post("/api/compliance/evidence", {
    headers: supplier,
    multipart: { ...fields, file: { name: "certificate.pdf", mimeType: "application/pdf", buffer: CERTIFICATE_PDF } },
  });
  expect(given.status(), await given.text()).toBe(201);
  return (await given.json()).data as { id: string; status: string };
}

/** The enterprise accepts, or refuses with a reason, a piece of evidence through the API. */
export async function reviewEvidence(request: APIRequestContext, id: string, decision: "accept" | "refuse") {
  const enterprise = await bearerOf(request, DEMO.enterprise.email);
  const reviewed = await request.post(`/api/compliance/evidence/${id}/review`, {
    headers: enterprise,
    data: decision === "accept" ? { decision } : { decision, reason: "Not legible: upload a clear scan." },
  });
  expect(reviewed.status(), await reviewed.text()).toBe(200);
}
