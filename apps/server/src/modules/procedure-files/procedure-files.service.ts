import type { TProcedureFile } from "@openpermit/shared";
import type { TContext } from "../../context";
import type { TUpload } from "../../lib/uploads";
import type { TCaller } from "../../plugins/auth";
import {
  addProcedureFile,
  findProcedureFile,
  procedureFilesOf,
  removeProcedureFile,
  type TFileOwner,
} from "../files/procedure-files";
import { requireEnterprise, riskScope } from "../organisation/risk-scope";
import { notFound } from "../organisation/scope";

/**
 * What holds procedure files (work types, specific critical risks): the owner's column, the base of its
 * URLs, and how to tell whether the caller's enterprise sees a live one (404 otherwise). Both owners follow
 * the same rules: the enterprise adds and removes, its managers read.
 */
export interface TProcedureFileOwnerKind {
  column: TFileOwner["kind"];
  /** `/api/<owners>/<id>`: the files' URLs are `<base>/files/<fileId>`. */
  base: (ownerId: string) => string;
  /** Throws 404 unless `ownerId` is a live owner of the enterprise. */
  assertVisible: (ctx: TContext, enterpriseId: string, ownerId: string) => Promise<unknown>;
}

const ownerOf = (kind: TProcedureFileOwnerKind, id: string): TFileOwner => ({
  kind: kind.column,
  id,
  base: kind.base(id),
});

/** The files of several owners of one kind, by owner id (for the owners' list and read answers). */
export function filesOfOwners(ctx: TContext, kind: TProcedureFileOwnerKind, ownerIds: string[]) {
  return procedureFilesOf(ctx.db, kind.column, ownerIds, kind.base);
}

export async function addOwnerFile(
  ctx: TContext,
  kind: TProcedureFileOwnerKind,
  caller: TCaller,
  ownerId: string,
  receive: () => Promise<TUpload>,
): Promise<TProcedureFile> {
  const scope = await riskScope(ctx, caller);
  requireEnterprise(scope);
  // Who may upload is settled before a byte of the file is read.
  await kind.assertVisible(ctx, scope.enterpriseId, ownerId);
  return addProcedureFile(ctx, ownerOf(kind, ownerId), await receive(), scope.userId);
}

export async function openOwnerFile(
  ctx: TContext,
  kind: TProcedureFileOwnerKind,
  caller: TCaller,
  ownerId: string,
  fileId: string,
) {
  const scope = await riskScope(ctx, caller);
  await kind.assertVisible(ctx, scope.enterpriseId, ownerId);
  const file = await findProcedureFile(ctx.db, ownerOf(kind, ownerId), fileId);
  if (!file) throw notFound("file");
  return file;
}

export async function deleteOwnerFile(
  ctx: TContext,
  kind: TProcedureFileOwnerKind,
  caller: TCaller,
  ownerId: string,
  fileId: string,
): Promise<void> {
  const scope = await riskScope(ctx, caller);
  requireEnterprise(scope);
  await kind.assertVisible(ctx, scope.enterpriseId, ownerId);
  if (!(await removeProcedureFile(ctx, ownerOf(kind, ownerId), fileId))) throw notFound("file");
}
