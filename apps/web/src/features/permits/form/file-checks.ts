import { PERMIT_FILE_MAX_BYTES, PERMIT_FILE_TYPES, PERMIT_LIMITS } from "@openpermit/shared";

/** Extensions of the accepted types, for files the browser gives no type (some office formats). */
const ACCEPTED_EXTENSIONS = ["pdf", "png", "jpg", "jpeg", "webp", "docx", "xlsx", "pptx", "odt", "ods", "odp"];

export const ACCEPT_ATTRIBUTE = [...PERMIT_FILE_TYPES, ...ACCEPTED_EXTENSIONS.map((ext) => `.${ext}`)].join(",");
export const MAX_MEGABYTES = PERMIT_FILE_MAX_BYTES / 1024 / 1024;

/**
 * Why a file cannot be sent (a key of the permits namespace), or null. The server checks the content again
 * (415) and the size (413); this only spares the user a useless upload.
 */
export function fileProblem(file: File): string | null {
  const extension = file.name.split(".").pop()?.toLowerCase() ?? "";
  const typeOk = file.type
    ? (PERMIT_FILE_TYPES as readonly string[]).includes(file.type)
    : ACCEPTED_EXTENSIONS.includes(extension);
  if (!typeOk) return "files.wrongType";
  if (file.size > PERMIT_FILE_MAX_BYTES) return "files.tooLarge";
  if (file.size === 0) return "files.empty";
  return null;
}

/** How many more files a permit may take. */
export const filesLeft = (count: number) => Math.max(0, PERMIT_LIMITS.filesMax - count);
