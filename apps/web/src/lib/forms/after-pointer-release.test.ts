import { afterEach, describe, expect, it, vi } from "vitest";
import { afterPointerRelease } from "./after-pointer-release";

describe("afterPointerRelease", () => {
  afterEach(() => vi.useRealTimers());

  it("runs at once when no pointer is held", () => {
    const fn = vi.fn();
    afterPointerRelease(fn);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it("waits for the release (and the click after it) when a pointer is held", () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    window.dispatchEvent(new Event("pointerdown"));
    afterPointerRelease(fn);
    expect(fn).not.toHaveBeenCalled();
    window.dispatchEvent(new Event("pointerup"));
    expect(fn).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(fn).toHaveBeenCalledTimes(1);
    // Released: the next call runs at once again.
    afterPointerRelease(fn);
    expect(fn).toHaveBeenCalledTimes(2);
  });
});
