import { vi } from "vitest";

export interface TDownload {
  fileName: string;
  /** What was handed to `URL.createObjectURL` for it. */
  blob: unknown;
}

/**
 * Records the files the app hands the browser (lib/files/save-blob: an object URL, then a click on a `download`
 * link), which jsdom cannot save. It spies on those browser APIs rather than mocking save-blob: test files share a
 * worker's module cache (vitest.config.ts: isolate false), so a module mock in one file would reach the components
 * whichever file imported them first, and miss them in the others — a download test then passed or failed by the
 * order the files happened to run in.
 */
export function captureDownloads(): TDownload[] {
  const downloads: TDownload[] = [];
  const blobs = new Map<string, unknown>();
  vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
    const url = `blob:download-${blobs.size + 1}`;
    blobs.set(url, blob);
    return url;
  });
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function click(this: HTMLAnchorElement) {
    if (this.download) downloads.push({ fileName: this.download, blob: blobs.get(this.getAttribute("href") ?? "") });
  });
  return downloads;
}
