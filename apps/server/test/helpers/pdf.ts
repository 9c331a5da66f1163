import type { LightMyRequestResponse } from "fastify";

/**
 * The text pdfkit wrote (tests run uncompressed): each line is a TJ array of hex strings (standard fonts,
 * WinAnsi) with kerning numbers in between.
 */
export function pdfText(response: LightMyRequestResponse): string[] {
  const raw = response.rawPayload.toString("latin1");
  return [...raw.matchAll(/\[([^\]]*)\] TJ/g)].map(([, array]) =>
    [...array!.matchAll(/<([0-9a-f]*)>/g)].map(([, hex]) => Buffer.from(hex!, "hex").toString("latin1")).join(""),
  );
}
