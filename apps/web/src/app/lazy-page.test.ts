import { afterEach, describe, expect, it, vi } from "vitest";
import { createTestI18n } from "../test/test-i18n";
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadTimeoutError, lazyPage, withTimeout } from "./lazy-page";

const Page = () => null;
const Other = () => null;

afterEach(() => {
  vi.useRealTimers();
});

describe("page chunk loading", () => {
  it("gives up after 120 s with a clear error", async () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    vi.useFakeTimers();
    const never = withTimeout(() => new Promise<never>(() => {}));
    const outcome = expect(never).rejects.toBeInstanceOf(ChunkLoadTimeoutError);
    await vi.advanceTimersByTimeAsync(119_999);
    let settled = false;
    never.catch(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
  });

  it("hands over the named component of a module that arrives in time", async () => {
    createTestI18n();
    const route = await lazyPage(async () => ({ Page, Other }), "Page")();
    expect(route.Component).toBe(Page);
  });

  it("passes a failed import on", async () => {
    await expect(withTimeout(() => Promise.reject(new TypeError("Failed to fetch")))).rejects.toThrow(
      "Failed to fetch",
    );
  });
});
