/**
 * Runs `fn` now, or — when a mouse button or finger is held down — once it is released.
 *
 * Why: a field validates when it loses focus, and focus leaves it on mouse-down. An error line that appears
 * then pushes the content below it down, so the button under the pointer at mouse-down is no longer under it
 * at mouse-up and the click is lost ("Add checklist item" after an invalid link). Waiting for the release
 * lets the click land first; the error still shows right after.
 */
let pointerHeld = false;
let tracking = false;

function track(): void {
  if (tracking || typeof window === "undefined") return;
  tracking = true;
  window.addEventListener("pointerdown", () => (pointerHeld = true), { capture: true });
  const release = () => (pointerHeld = false);
  window.addEventListener("pointerup", release, { capture: true });
  window.addEventListener("pointercancel", release, { capture: true });
}

export function afterPointerRelease(fn: () => void): void {
  track();
  if (!pointerHeld) {
    fn();
    return;
  }
  const run = () => {
    window.removeEventListener("pointerup", run, { capture: true });
    window.removeEventListener("pointercancel", run, { capture: true });
    // The click follows pointerup in the same task; a timeout runs after it.
    window.setTimeout(fn, 0);
  };
  window.addEventListener("pointerup", run, { capture: true });
  window.addEventListener("pointercancel", run, { capture: true });
}

/** Starts tracking the pointer at module load, so the first blur already knows. */
track();
