import { type TLanguage, type TPermit, ZPermitSchema } from "@openpermit/shared";
import { api } from "../../../lib/api/client";
import { parseData } from "../../../lib/api/parse-data";
import { usePermitWrite } from "./permits";

const permitPath = (id: string) => `/permits/${encodeURIComponent(id)}`;

/** A signature's body: the signer's password, the ticked declaration and the language it was read in. */
export type TShiftSignature = { password: string; declaration: boolean; language: TLanguage };

/** POST /api/permits/:id/extensions: the holder asks to extend the end. */
export async function askExtension(input: { id: string; newEndAt: string; reason: string }): Promise<TPermit> {
  const response = await api.post(`${permitPath(input.id)}/extensions`, {
    newEndAt: input.newEndAt,
    reason: input.reason,
  });
  return parseData(ZPermitSchema, response.data);
}

/** POST …/extensions/:extensionId/sign (signed) or …/refuse (with a remark): the sector's signer decides. */
export async function decideExtension(
  input: { id: string; extensionId: string } & ({ sign: TShiftSignature } | { remark: string }),
): Promise<TPermit> {
  const path = `${permitPath(input.id)}/extensions/${encodeURIComponent(input.extensionId)}`;
  const response =
    "sign" in input
      ? await api.post(`${path}/sign`, input.sign)
      : await api.post(`${path}/refuse`, { remark: input.remark });
  return parseData(ZPermitSchema, response.data);
}

/** POST /api/permits/:id/handovers: the outgoing holder hands over (signed, with the note). */
export async function startHandover(
  input: { id: string; toId: string; note: string } & TShiftSignature,
): Promise<TPermit> {
  const { id, ...body } = input;
  const response = await api.post(`${permitPath(id)}/handovers`, body);
  return parseData(ZPermitSchema, response.data);
}

/** POST …/handovers/:handoverId/accept (the incoming holder, signed) or …/cancel (either side). */
export async function closeHandover(
  input: { id: string; handoverId: string } & ({ accept: TShiftSignature & { keepCrew: boolean } } | { cancel: true }),
): Promise<TPermit> {
  const path = `${permitPath(input.id)}/handovers/${encodeURIComponent(input.handoverId)}`;
  const response =
    "accept" in input ? await api.post(`${path}/accept`, input.accept) : await api.post(`${path}/cancel`);
  return parseData(ZPermitSchema, response.data);
}

export const useAskExtension = () => usePermitWrite(askExtension);
export const useDecideExtension = () => usePermitWrite(decideExtension);
export const useStartHandover = () => usePermitWrite(startHandover);
export const useCloseHandover = () => usePermitWrite(closeHandover);
