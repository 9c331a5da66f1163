import type { TProcedureFile } from "@openpermit/shared";
import { isContractor, readScope, requireEnterprise, riskScope } from "../../access/organisation";
import type { TContext } from "../../context";
import { AppError } from "../../lib/app-error";
import { notFound } from "../../lib/not-found";
import type { TStoredUpload } from "../../lib/uploads";
import type { TCaller } from "../../plugins/auth";
import {
  addProcedureFile,
  findProcedureFile,
  procedureFilesOf,
  removeProcedureFile,
  type TFileOwner,
} from "./procedure-file-store";

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
  /** The enterprise an owner belongs to (null when there is no such owner). */
  enterpriseOf: (ctx: TContext, ownerId: string) => Promise<string | null>;
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
  receive: () => Promise<TStoredUpload>,
): Promise<TProcedureFile> {
  const scope = await riskScope(ctx, caller);
  requireEnterprise(scope);
  // Who may upload is settled before a byte of the file is read.
  await kind.assertVisible(ctx, scope.enterpriseId, ownerId);
  return addProcedureFile(ctx, ownerOf(kind, ownerId), await receive(), scope.userId);
}

/**
 * The enterprise whose procedure files the caller reads: its own, or — for a contractor, whose file URLs name no
 * enterprise — the owner's, provided the contractor's supplier is affiliated with it now (the safety procedure
 * of a work type is what a contractor must read before requesting a permit). 404 otherwise, as for any file.
 */
async function readerEnterprise(ctx: TContext, kind: TProcedureFileOwnerKind, caller: TCaller, ownerId: string) {
  if (!isContractor(caller)) return (await readScope(ctx, caller, undefined)).enterpriseId;
  const enterpriseId = await kind.enterpriseOf(ctx, ownerId);
  if (!enterpriseId) throw notFound("file");
  try {
    return (await readScope(ctx, caller, enterpriseId)).enterpriseId;
  } catch (error) {
    if (error instanceof AppError && error.code === "COMPANY_NOT_LISTED") throw notFound("file");
    throw error;
  }
}

export async function openOwnerFile(
  ctx: TContext,
  kind: TProcedureFileOwnerKind,
  caller: TCaller,
  ownerId: string,
  fileId: string,
) {
  await kind.assertVisible(ctx, await readerEnterprise(ctx, kind, caller, ownerId), ownerId);
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
