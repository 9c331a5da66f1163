import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { get, post, type TCall } from "./http";

const CLASH_GATED = /^\/api\/permits\/([0-9a-f-]{36})\/(send|verify|approve)$/;

/** The remark the harness acknowledges a clash with for tests that are not about clashes. */
export const HARNESS_CLASH_REMARK = "Coordinated with the other permit (test harness)";

/**
 * The body of a POST, with each clash of the permit acknowledged when it is a send, verify or approve that names
 * none. Permits of one test file share one place and window, so they clash (docs/safety.md, clashes): a test
 * that is not about clashes signs as a signer who read them would. The clash tests (permit-clashes.test.ts) turn
 * this off (`createTestApp(…, { clashes: "as-sent" })`) and prove the gate itself.
 */
export async function withClashesAcknowledged(
  app: FastifyInstance,
  url: string,
  body: unknown,
  call: TCall,
): Promise<unknown> {
  const gated = CLASH_GATED.exec(url);
  const given = (body ?? {}) as Record<string, unknown>;
  if (!gated || typeof given !== "object" || "clashAcknowledgements" in given) return body;
  const answer = await get(app, `/api/permits/${gated[1]}/clashes`, call);
  if (answer.statusCode !== 200) return body;
  const clashes = answer.json().data.clashes as Array<{ permit: { documentNumber: string } }>;
  if (clashes.length === 0) return body;
  return {
    ...given,
    clashAcknowledgements: clashes.map((clash) => ({
      documentNumber: clash.permit.documentNumber,
      remark: HARNESS_CLASH_REMARK,
    })),
  };
}

/**
 * A POST as the harness sends it: a send, verify or approve acknowledges the permit's clashes (above); refused
 * because one appeared meanwhile (cases run side by side), it reads them again, as the signer's dialog would.
 */
export async function postAcknowledging(
  app: FastifyInstance,
  url: string,
  body: unknown,
  call: TCall,
): Promise<LightMyRequestResponse> {
  for (let attempt = 1; ; attempt++) {
    const response = await post(app, url, await withClashesAcknowledged(app, url, body, call), call);
    const refusedForClash = response.statusCode === 409 && response.json().error?.code === "CLASHES_UNACKNOWLEDGED";
    if (!refusedForClash || attempt === 100) return response;
  }
}
