import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TPerson } from "./helpers/factories";
import { expectError } from "./helpers/http";
import { PDF_BYTES } from "./helpers/organisation";
import { completeDraft, createPermitWorld, type TPermitWorld } from "./helpers/permits";
import { createTestApp, type TTestApp } from "./helpers/test-app";

// A company's storage quota (docs/decisions.md, "Storage quotas"): the bytes its people's files take, counted in
// the upload's transaction.
let t: TTestApp;
let w: TPermitWorld;
/** Room for two copies of the PDF, not three. */
const QUOTA = PDF_BYTES.length * 2 + PDF_BYTES.length / 2;
const pdf = { data: PDF_BYTES, filename: "method statement.pdf", type: "application/pdf" };

beforeAll(async () => {
  t = await createTestApp({ storageQuotaBytes: QUOTA });
  w = await createPermitWorld(t.ctx);
});
afterAll(async () => t.close());

async function draftOf(person: TPerson) {
  const response = await t.as(person).post("/api/permits", completeDraft(w));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
}
const attach = (id: string, person: TPerson) => t.as(person).upload("POST", `/api/permits/${id}/files`, "file", pdf);
const storedFiles = () => fs.readdirSync(path.join(t.dataDir, "files")).filter((f) => /^[0-9a-f]{32}$/.test(f));

describe("a company's storage quota", () => {
  it("refuses the file that would pass it, keeping nothing of it, while other companies still upload", async () => {
    const first = await draftOf(w.employee);
    const second = await draftOf(w.supplierUser);
    expect((await attach(first, w.employee)).statusCode).toBe(201);
    // Another person of the same company, on another permit: the company's files count together.
    expect((await attach(second, w.supplierUser)).statusCode).toBe(201);
    const stored = storedFiles().length;
    const refused = await attach(first, w.employee);
    const error = expectError(refused, 413, "STORAGE_QUOTA_EXCEEDED");
    expect(error.details).toEqual({ quotaBytes: QUOTA, usedBytes: PDF_BYTES.length * 2 });
    expect(storedFiles()).toHaveLength(stored);
    const permit = (await t.as(w.employee).get(`/api/permits/${first}`)).json().data;
    expect(permit.files).toHaveLength(1);

    const other = w.otherSupplier;
    const theirs = await draftOf(other.employee);
    expect((await attach(theirs, other.employee)).statusCode).toBe(201);
  });

  it("counts two uploads at once one after the other: one of them is refused", async () => {
    const t2 = await createTestApp({ storageQuotaBytes: PDF_BYTES.length + 10 });
    try {
      const w2 = await createPermitWorld(t2.ctx);
      const ids = await Promise.all(
        [w2.employee, w2.supplierUser].map(async (person) => {
          const response = await t2.as(person).post("/api/permits", completeDraft(w2));
          return { person, id: response.json().data.id as string };
        }),
      );
      const answers = await Promise.all(
        ids.map(({ person, id }) => t2.as(person).upload("POST", `/api/permits/${id}/files`, "file", pdf)),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 413]);
    } finally {
      await t2.close();
    }
  });
});
