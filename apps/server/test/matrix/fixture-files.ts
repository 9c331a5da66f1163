import { expect } from "vitest";
import type { TPerson } from "../helpers/factories";
import { upload } from "../helpers/http";
import { PDF_BYTES, png, tokenOf } from "../helpers/organisation";
import { clonePermit, type TPermitWorld } from "../helpers/permits";
import type { TTestApp } from "../helpers/test-app";

/** The files a side's routes serve, uploaded through the API as their owners would. */
export interface TFiles {
  workTypeFileId: string;
  specificRiskFileId: string;
  permitFileId: string;
  /** The permit's public check token (the printed permit's QR code). */
  checkToken: string;
}

export const PNG_FILE = () => ({ data: png(8, 8), filename: "picture.png", type: "image/png" });
export const PDF_FILE = () => ({ data: PDF_BYTES, filename: "procedure.pdf", type: "application/pdf" });

async function sent(t: TTestApp, person: TPerson, method: "PUT" | "POST", url: string, field: string, pdf = false) {
  const response = await upload(t.app, method, url, field, pdf ? PDF_FILE() : PNG_FILE(), {
    token: await tokenOf(t.ctx, person),
  });
  expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(300);
  return response.json().data as { id: string };
}

export async function addFiles(t: TTestApp, world: TPermitWorld, permitId: string): Promise<TFiles> {
  const boss = world.enterpriseUser;
  await sent(t, boss, "PUT", `/api/sectors/${world.sector.id}/map`, "map");
  await sent(t, boss, "PUT", `/api/sectors/${world.otherSector.id}/map`, "map");
  await sent(t, boss, "PUT", `/api/specific-risks/${world.specificRisk.id}/logogram`, "logogram");
  await sent(t, boss, "PUT", "/api/enterprise/company/logo", "logo");
  await sent(t, world.supplierUser, "PUT", "/api/supplier-company/logo", "logo");
  // The workers' photos on their cards: S1's employee's, and the other supplier's.
  await sent(t, world.supplierUser, "PUT", `/api/workers/${world.employee.id}/card/photo`, "photo");
  await sent(
    t,
    world.otherSupplier.supplierUser,
    "PUT",
    `/api/workers/${world.otherSupplier.employee.id}/card/photo`,
    "photo",
  );
  await sent(t, world.admin, "PUT", `/api/epis/${world.epi.id}/icon`, "icon");
  const workTypeFile = await sent(t, boss, "POST", `/api/work-types/${world.workType.id}/files`, "file", true);
  const specificRiskFile = await sent(
    t,
    boss,
    "POST",
    `/api/specific-risks/${world.specificRisk.id}/files`,
    "file",
    true,
  );
  const permitFile = await sent(t, world.employee, "POST", `/api/permits/${permitId}/files`, "file", true);
  // A sent permit (it has a document number) carries the token its QR code opens.
  const printed = await clonePermit(t.ctx, permitId, "sended");
  const checkToken = `check-${printed}`;
  await t.ctx.pool.query("UPDATE permits SET check_token = $2 WHERE id = $1", [printed, checkToken]);
  return {
    workTypeFileId: workTypeFile.id,
    specificRiskFileId: specificRiskFile.id,
    permitFileId: permitFile.id,
    checkToken,
  };
}
