import { type APIRequestContext, expect } from "@playwright/test";
import { DEMO_PASSWORD } from "./demo-accounts";
import { waitForLink } from "./outbox";

/** Signs in through the API and returns the bearer header for further calls. */
export async function bearerOf(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const response = await request.post("/api/auth/sign-in", { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  return { authorization: `Bearer ${(await response.json()).data.token as string}` };
}

/** GET as the given bearer; fails the test on anything but 200. */
export async function getData<T>(request: APIRequestContext, url: string, headers: Record<string, string>): Promise<T> {
  const response = await request.get(url, { headers });
  expect(response.status(), `${url}: ${await response.text()}`).toBe(200);
  return (await response.json()).data as T;
}

/**
 * A new permit manager of a division, with the given role on one sector, its account completed from the
 * invitation e-mail (for journeys that need a second manager).
 */
export async function createPermitManager(
  request: APIRequestContext,
  enterprise: Record<string, string>,
  manager: { name: string; email: string; password: string; division: string; sector: RegExp; role: string },
) {
  const divisions = await getData<Array<{ id: string; name: string }>>(request, "/api/divisions", enterprise);
  const division = divisions.find((d) => d.name === manager.division);
  expect(division, `division ${manager.division}`).toBeTruthy();
  const created = await request.post("/api/managers", {
    headers: enterprise,
    data: {
      role: "Responsible",
      divisionId: division!.id,
      name: manager.name,
      email: manager.email,
      phone: "+33 6 10 20 30 40",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const managerId = (await created.json()).data.id as string;
  const token = new URL(await waitForLink(manager.email)).searchParams.get("token");
  const completed = await request.post("/api/auth/complete-account", {
    data: { token, password: manager.password, name: manager.name, phone: "+33 6 10 20 30 40" },
  });
  expect(completed.status(), await completed.text()).toBe(200);
  const sectors = await getData<Array<{ id: string; name: string }>>(request, "/api/sectors?pageSize=100", enterprise);
  const sector = sectors.find((s) => manager.sector.test(s.name));
  expect(sector, `sector ${manager.sector}`).toBeTruthy();
  const cell = await request.put("/api/permissions/cell", {
    headers: enterprise,
    data: { managerId, sectorId: sector!.id, role: manager.role },
  });
  expect(cell.status(), await cell.text()).toBe(200);
  return { managerId, sectorId: sector!.id };
}
