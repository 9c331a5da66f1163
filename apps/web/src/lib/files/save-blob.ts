/** Hands a file to the browser as a download (for files fetched with the bearer token). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns; give them time before releasing it.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** The file name of a `Content-Disposition` header (RFC 6266: `filename*` wins over `filename`). */
export function fileNameFromDisposition(header: unknown): string | null {
  if (typeof header !== "string") return null;
  const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (encoded?.[1]) {
    try {
      return sanitizeFileName(decodeURIComponent(encoded[1].trim()));
    } catch {
      // A broken encoding: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]*))/.exec(header);
  const name = (plain?.[1] ?? plain?.[2] ?? "").trim();
  return name ? sanitizeFileName(name) : null;
}

/** No folders and no characters file systems refuse. */
export function sanitizeFileName(name: string): string {
  return Array.from(name, (char) => (char.charCodeAt(0) < 32 ? "-" : char))
    .join("")
    .replace(/[/\\?%*:|"<>]/g, "-")
    .replace(/^\.+/, "")
    .trim();
}

/** A lower-case, ASCII, dash-separated form of a name for file names ("Nord – Usine 2" → "nord-usine-2"). */
export function slugify(value: string): string {
  return value
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
