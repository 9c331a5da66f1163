import type { TGas, TPermitStatus } from "@openpermit/shared";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runPermitScheduler } from "../src/modules/permit-scheduler/permit-scheduler.service";
import { affiliationStatus } from "./helpers/affiliations";
import { accountOf } from "./helpers/credits";
import { createUser, type TPerson } from "./helpers/factories";
import { expectError } from "./helpers/http";
import { PDF_BYTES } from "./helpers/organisation";
import {
  actionBody,
  completeDraft,
  createPermitWorld,
  putInStatus,
  SIGNED,
  statusOf,
  type TPermitWorld,
} from "./helpers/permits";
import { createTestApp, type TTestApp } from "./helpers/test-app";

/**
 * docs/decisions.md, "A contractor acts only while affiliated": every contractor write on a permit needs a live
 * affiliation with the permit's enterprise and that enterprise active (apps/server/src/access/live-contractor.ts); reads and the ways to stop work stay open; a
 * detach is refused while the contractor's work is in progress.
 */
let t: TTestApp;
let w: TPermitWorld;
/** Another enterprise with its own contractor: nothing of it changes when the world's contractor loses standing. */
let other: TPermitWorld;
/** Two more employees of the world's contractor: a crew worker and a handover's incoming holder. */
let worker: TPerson;
let incoming: TPerson;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  w = await createPermitWorld(t.ctx);
  other = await createPermitWorld(t.ctx);
  worker = await createUser(t.ctx, "Employee", { supplierId: w.supplier.id });
  incoming = await createUser(t.ctx, "Employee", { supplierId: w.supplier.id });
});
afterAll(async () => t.close());
// A worker is on one live permit at a time: each test starts with nobody signed on through the API. Only the gas
// test's case needs its work type to require one (a start would then need a test too).
beforeEach(async () => {
  await t.ctx.pool.query(
    "UPDATE permit_crew_sign_ons SET signed_off_at = now(), signed_off_by = worker_id WHERE signed_off_at IS NULL",
  );
  await t.ctx.pool.query("UPDATE work_types SET gas_test_required = false WHERE id = $1", [w.workType.id]);
});

type TStanding = "detached" | "disabled";
const REFUSAL: Record<TStanding, string> = { detached: "AFFILIATION_ENDED", disabled: "ENTERPRISE_INACTIVE" };

/** Runs `fn` while the world's contractor is detached from its enterprise, or while the admin disabled it. */
async function under(standing: TStanding, fn: () => Promise<void>, world: TPermitWorld = w) {
  const set = (on: boolean) =>
    standing === "detached"
      ? t.ctx.pool.query("UPDATE affiliations SET status = $3 WHERE enterprise_id = $1 AND supplier_id = $2", [
          world.enterprise.id,
          world.supplier.id,
          on ? "detached" : "affiliated",
        ])
      : t.ctx.pool.query("UPDATE enterprises SET status = $2 WHERE id = $1", [
          world.enterprise.id,
          on ? "disabled" : "active",
        ]);
  await set(true);
  try {
    await fn();
  } finally {
    await set(false);
  }
}

/** A permit of the employee put straight into `status`, its window from an hour ago for nine hours. */
async function permitIn(status: TPermitStatus, options: { crewIds?: string[]; crew?: boolean } = {}) {
  const created = await t.as(w.employee).post("/api/permits", completeDraft(w, { crewIds: options.crewIds }));
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id as string;
  if (status === "pending") return id;
  const startAt = new Date(Date.now() - HOUR);
  await putInStatus(
    t.ctx,
    id,
    status,
    {
      startAt,
      endAt: new Date(startAt.getTime() + 9 * HOUR),
      verifiedBy: w.verifier.id,
      approvedBy: w.approver.id,
      shiftStartedAt: status === "In_progress" ? startAt : null,
    },
    { crew: options.crew },
  );
  return id;
}

const act = (id: string, action: string, by: TPerson = w.employee, extra: Record<string, unknown> = {}) =>
  t.as(by).post(`/api/permits/${id}/${action}`, actionBody(action, extra));
const pdf = { data: PDF_BYTES, filename: "method statement.pdf", type: "application/pdf" };

/** Every enabled gas of the enterprise at a safe value (a passing test). */
async function gasReadings() {
  const safe: Record<string, number> = { "O₂": 20.9 };
  const gases = (await t.as(w.enterpriseUser).get("/api/gases")).json().data as TGas[];
  return gases.filter((g) => g.enabled).map((g) => ({ gasId: g.id, value: safe[g.name] ?? 0 }));
}

/** Each contractor write on a permit: set up while affiliated, then the request itself and its status when allowed. */
const WRITES: { name: string; prepare: () => Promise<() => Promise<LightMyRequestResponse>>; ok: number }[] = [
  {
    name: "create a draft",
    prepare: async () => () => t.as(w.employee).post("/api/permits", completeDraft(w)),
    ok: 201,
  },
  {
    name: "change a draft",
    prepare: async () => {
      const id = await permitIn("pending");
      return () => t.as(w.employee).patch(`/api/permits/${id}`, completeDraft(w, { taskTitle: "Weld it again" }));
    },
    ok: 200,
  },
  {
    name: "copy a permit",
    prepare: async () => {
      const id = await permitIn("sended");
      return () => t.as(w.employee).post(`/api/permits/${id}/duplicate`, undefined);
    },
    ok: 201,
  },
  {
    name: "attach a file",
    prepare: async () => {
      const id = await permitIn("pending");
      return () => t.as(w.employee).upload("POST", `/api/permits/${id}/files`, "file", pdf);
    },
    ok: 201,
  },
  {
    name: "remove a file",
    prepare: async () => {
      const id = await permitIn("pending");
      const added = await t.as(w.employee).upload("POST", `/api/permits/${id}/files`, "file", pdf);
      expect(added.statusCode, added.body).toBe(201);
      return () => t.as(w.employee).del(`/api/permits/${id}/files/${added.json().data.id}`);
    },
    ok: 204,
  },
  {
    name: "name isolation points",
    prepare: async () => {
      const id = await permitIn("pending");
      return () => t.as(w.employee).put(`/api/permits/${id}/isolations`, { pointIds: [] });
    },
    ok: 200,
  },
  { name: "send", prepare: async () => act.bind(null, await permitIn("pending"), "send"), ok: 200 },
  { name: "accept", prepare: async () => act.bind(null, await permitIn("Approved"), "accept"), ok: 200 },
  { name: "start", prepare: async () => act.bind(null, await permitIn("accepted"), "start"), ok: 200 },
  { name: "close out (end)", prepare: async () => act.bind(null, await permitIn("In_progress"), "end"), ok: 200 },
  {
    name: "change the crew",
    prepare: async () => {
      const id = await permitIn("accepted", { crewIds: [], crew: false });
      return () => t.as(w.employee).put(`/api/permits/${id}/crew`, { workerIds: [worker.id] });
    },
    ok: 200,
  },
  {
    name: "sign a worker on",
    prepare: async () => {
      const id = await permitIn("accepted", { crewIds: [worker.id], crew: false });
      return () => t.as(w.employee).post(`/api/permits/${id}/crew/${worker.id}/sign-on`, { declaration: true });
    },
    ok: 200,
  },
  {
    name: "ask for an extension",
    prepare: async () => {
      const id = await permitIn("In_progress");
      const newEndAt = new Date(Date.now() + 10 * HOUR).toISOString();
      return () => t.as(w.employee).post(`/api/permits/${id}/extensions`, { newEndAt, reason: "A second pass" });
    },
    ok: 200,
  },
  {
    name: "hand over",
    prepare: async () => {
      const id = await permitIn("In_progress");
      return () =>
        t.as(w.employee).post(`/api/permits/${id}/handovers`, { toId: incoming.id, note: "Half welded", ...SIGNED });
    },
    ok: 200,
  },
  {
    name: "accept a handover",
    prepare: async () => {
      const id = await permitIn("In_progress");
      const started = await t
        .as(w.employee)
        .post(`/api/permits/${id}/handovers`, { toId: incoming.id, note: "Half welded", ...SIGNED });
      expect(started.statusCode, started.body).toBe(200);
      const handoverId = started.json().data.handovers[0].id as string;
      return () =>
        t.as(incoming).post(`/api/permits/${id}/handovers/${handoverId}/accept`, { keepCrew: true, ...SIGNED });
    },
    ok: 200,
  },
  {
    name: "record a gas test",
    prepare: async () => {
      await t.ctx.pool.query("UPDATE work_types SET gas_test_required = true WHERE id = $1", [w.workType.id]);
      const id = await permitIn("In_progress");
      const readings = await gasReadings();
      const body = { instrumentId: "GX-2009 #41", calibratedOn: new Date().toISOString().slice(0, 10), readings };
      return () => t.as(w.employee).post(`/api/permits/${id}/gas-tests`, body);
    },
    ok: 201,
  },
];

describe("a contractor acts on a permit only while affiliated with an active enterprise", () => {
  for (const write of WRITES) {
    it(`${write.name}: refused detached (403 AFFILIATION_ENDED) or the enterprise disabled (403 ENTERPRISE_INACTIVE), done otherwise`, async () => {
      const perform = await write.prepare();
      for (const standing of ["detached", "disabled"] as const) {
        await under(standing, async () => {
          expectError(await perform(), 403, REFUSAL[standing]);
        });
      }
      const done = await perform();
      expect(done.statusCode, done.body).toBe(write.ok);
    });
  }

  it("takes no credit and no number for a refused send", async () => {
    const id = await permitIn("pending");
    const before = await accountOf(t.ctx, w.enterprise.id);
    for (const standing of ["detached", "disabled"] as const) {
      await under(standing, async () => {
        expectError(await act(id, "send"), 403, REFUSAL[standing]);
      });
    }
    expect(await accountOf(t.ctx, w.enterprise.id)).toEqual(before);
    const { rows } = await t.ctx.pool.query("SELECT status, document_number FROM permits WHERE id = $1", [id]);
    expect(rows[0]).toEqual({ status: "pending", document_number: null });
  });

  it("refuses a manager's start of a detached contractor's permit, and the scheduler does not start it", async () => {
    const id = await permitIn("accepted");
    for (const standing of ["detached", "disabled"] as const) {
      await under(standing, async () => {
        if (standing === "detached") expectError(await act(id, "start", w.verifier), 403, "AFFILIATION_ENDED");
        await runPermitScheduler(t.ctx, new Date());
        expect(await statusOf(t.ctx, id)).toBe("accepted");
      });
    }
    await runPermitScheduler(t.ctx, new Date());
    expect(await statusOf(t.ctx, id)).toBe("In_progress");
  });

  it("lets a detached contractor read its permits and stop or withdraw work: suspend, cancel, delete a draft, sign off", async () => {
    const working = await permitIn("In_progress");
    const sent = await permitIn("sended");
    const draft = await permitIn("pending");
    const crewed = await permitIn("accepted", { crewIds: [worker.id], crew: false });
    const signedOn = await t.as(w.employee).post(`/api/permits/${crewed}/crew/${worker.id}/sign-on`, {
      declaration: true,
    });
    expect(signedOn.statusCode, signedOn.body).toBe(200);
    await under("detached", async () => {
      const read = await t.as(w.employee).get(`/api/permits/${working}`);
      expect(read.statusCode, read.body).toBe(200);
      expect((await act(working, "suspend", w.employee, { remark: "Leaving the site" })).statusCode).toBe(200);
      expect((await act(sent, "cancel")).statusCode).toBe(200);
      expect((await t.as(w.employee).del(`/api/permits/${draft}`)).statusCode).toBe(204);
      const off = await t.as(w.employee).post(`/api/permits/${crewed}/crew/${worker.id}/sign-off`, undefined);
      expect(off.statusCode, off.body).toBe(200);
    });
  });

  it("offers a contractor out of standing only what stops or withdraws work on the permit page", async () => {
    const working = await permitIn("In_progress");
    const draft = await permitIn("pending");
    const read = async (id: string) => (await t.as(w.employee).get(`/api/permits/${id}`)).json().data;
    expect((await read(working)).actions).toContain("end");
    expect((await read(working)).shiftActions).toMatchObject({ askExtension: true, startHandover: true });
    expect((await read(draft)).canEdit).toBe(true);
    expect((await read(working)).contractorOnHold).toBeUndefined();
    for (const standing of ["detached", "disabled"] as const) {
      await under(standing, async () => {
        const permit = await read(working);
        expect({ standing, actions: permit.actions }).toEqual({ standing, actions: ["suspend", "cancel"] });
        expect(permit.shiftActions).toMatchObject({ askExtension: false, startHandover: false });
        expect(permit.crewActions).toMatchObject({ change: false, signOn: [] });
        expect(permit.canDuplicate).toBe(false);
        expect(permit.contractorOnHold).toBe(true);
        const pending = await read(draft);
        expect(pending.canEdit).toBe(false);
        expect(pending.actions).not.toContain("send");
      });
    }
  });

  it("leaves another enterprise's contractor working", async () => {
    await under("detached", () =>
      under("disabled", async () => {
        const created = await t.as(other.employee).post("/api/permits", completeDraft(other));
        expect(created.statusCode, created.body).toBe(201);
        const sent = await t.as(other.employee).post(`/api/permits/${created.json().data.id}/send`, {});
        expect(sent.statusCode, sent.body).toBe(200);
      }),
    );
  });

  it("sees a detach that commits while an action waits for it (the action reads the affiliation in its transaction)", async () => {
    const id = await permitIn("accepted");
    const client = await t.ctx.pool.connect();
    try {
      await client.query("BEGIN");
      await client.query("UPDATE affiliations SET status = 'detached' WHERE enterprise_id = $1 AND supplier_id = $2", [
        w.enterprise.id,
        w.supplier.id,
      ]);
      const start = act(id, "start");
      await client.query("COMMIT");
      expectError(await start, 403, "AFFILIATION_ENDED");
      expect(await statusOf(t.ctx, id)).toBe("accepted");
    } finally {
      await client.query(
        "UPDATE affiliations SET status = 'affiliated' WHERE enterprise_id = $1 AND supplier_id = $2",
        [w.enterprise.id, w.supplier.id],
      );
      client.release();
    }
  });
});

describe("detaching a contractor with work in progress", () => {
  it("is refused (409 CONTRACTOR_HAS_LIVE_WORK naming the permits) until the work is handed back; then its other permits are inert", async () => {
    const created = await t.as(other.employee).post("/api/permits", completeDraft(other));
    const working = created.json().data.id as string;
    await putInStatus(t.ctx, working, "In_progress", { verifiedBy: other.verifier.id, approvedBy: other.approver.id });
    const approved = (await t.as(other.employee).post("/api/permits", completeDraft(other))).json().data.id as string;
    await putInStatus(t.ctx, approved, "accepted", { verifiedBy: other.verifier.id, approvedBy: other.approver.id });
    const detach = () =>
      t.as(other.enterpriseUser).post(`/api/contractors/${other.supplier.id}/detach`, { remark: "Contract over" });
    const refused = await detach();
    expectError(refused, 409, "CONTRACTOR_HAS_LIVE_WORK");
    expect(refused.json().error.details).toEqual({ permits: `PTW-TEST-${working.slice(0, 8)}` });
    expect(await affiliationStatus(t.ctx, other.enterprise.id, other.supplier.id)).toBe("affiliated");
    // The other enterprise's world is untouched by the refusal; once the area is handed back, the detach goes.
    await putInStatus(t.ctx, working, "Ended");
    const done = await detach();
    expect(done.statusCode, done.body).toBe(200);
    expect(await affiliationStatus(t.ctx, other.enterprise.id, other.supplier.id)).toBe("detached");
    expectError(await act(approved, "start", other.employee), 403, "AFFILIATION_ENDED");
    expect(await statusOf(t.ctx, approved)).toBe("accepted");
  });
});
