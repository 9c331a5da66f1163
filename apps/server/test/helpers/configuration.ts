import { expect } from "vitest";
import type { TPerson } from "./factories";
import { post, put, upload } from "./http";
import { addSector, addSubSector, png, tokenOf } from "./organisation";
import type { TTestApp } from "./test-app";

/**
 * What a permit request reads of an enterprise, made through the API by its Enterprise user: a work type, a
 * risk, a specific risk with a logogram, one picked EPI (from `epiId`, in the admin's catalogue), the default
 * risk matrix, a sector of `division` with a map and a sub-sector, and the assignment of the sector.
 */
export async function configureEnterprise(
  t: TTestApp,
  boss: TPerson,
  division: { id: string; enterpriseId: string },
  epiId: string,
  label: string,
) {
  const call = { token: await tokenOf(t.ctx, boss) };
  const created = async (url: string, body: unknown) => {
    const response = await post(t.app, url, body, call);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.id as string;
  };
  const workTypeId = await created("/api/work-types", {
    kind: "general",
    name: `${label} work`,
    checklist: ["Area fenced"],
  });
  const riskId = await created("/api/risks", { name: `${label} fall`, critical: true });
  const specificRiskId = await created("/api/specific-risks", {
    name: `${label} height`,
    description: "Falls of 2 m or more",
    checklist: ["Harness inspected"],
  });
  const logogram = await upload(
    t.app,
    "PUT",
    `/api/specific-risks/${specificRiskId}/logogram`,
    "logogram",
    { data: png(8, 8), filename: "l.png", type: "image/png" },
    call,
  );
  expect(logogram.statusCode, logogram.body).toBe(200);
  expect((await put(t.app, "/api/enterprise-epis", { epiIds: [epiId] }, call)).statusCode).toBe(200);
  const matrix = await post(t.app, "/api/risk-matrix/default", undefined, call);
  expect(matrix.statusCode, matrix.body).toBe(200);
  const sector = await addSector(t.ctx, division, { name: `${label} sector` });
  const map = await upload(
    t.app,
    "PUT",
    `/api/sectors/${sector.id}/map`,
    "map",
    { data: png(40, 30), filename: "m.png", type: "image/png" },
    call,
  );
  expect(map.statusCode, map.body).toBe(200);
  const subSector = await addSubSector(t.ctx, sector.id, `${label} pump house`);
  const assignment = await put(
    t.app,
    "/api/risk-assignments",
    { sectorId: sector.id, workTypeId, riskIds: [riskId], specificRiskIds: [specificRiskId], epiIds: [epiId] },
    call,
  );
  expect(assignment.statusCode, assignment.body).toBe(200);
  const { probabilities, severities } = matrix.json().data as {
    probabilities: { id: string }[];
    severities: { id: string }[];
  };
  return {
    enterpriseId: division.enterpriseId,
    workTypeId,
    riskId,
    specificRiskId,
    logogramUrl: logogram.json().data.logogram.url as string,
    sectorId: sector.id,
    mapUrl: map.json().data.map.url as string,
    subSectorId: subSector.id,
    probabilityId: probabilities[0]!.id,
    severityId: severities[0]!.id,
  };
}

export type TConfiguration = Awaited<ReturnType<typeof configureEnterprise>>;
