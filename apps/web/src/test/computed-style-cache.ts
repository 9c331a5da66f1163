/**
 * jsdom computes a style from scratch on every `getComputedStyle` call, matching the element against every rule of its
 * default style sheet, and Testing Library asks for it again and again within one query: a role query checks that each
 * candidate is not hidden by walking up its ancestors, and the accessible name looks at `::before` and `::after` of
 * each. On the permit form a single `getByRole("button", …)` asked for thousands of styles of the same few hundred
 * elements; `getComputedStyle` was 17 % of the whole suite's CPU.
 *
 * This keeps each answer until anything that could change a computed style happens, and then forgets them all:
 * - a change to the document (nodes added or removed, an attribute such as `class`, `style` or `hidden`, a style
 *   element's text), seen synchronously through a MutationObserver's pending records at every call;
 * - a change jsdom makes without touching the document: focus moving (`:focus`), a box ticked or a field's value set
 *   (`:checked`, `:placeholder-shown`), by an event or by a property, a rule added to or removed from a style sheet,
 *   the window resized;
 * - the end of the current task (a microtask), so nothing is kept from one step of a test to the next.
 * (jsdom keeps the rules matching each element until the document changes, but builds a new declaration and resolves
 * every inherited property up the ancestors at each call: ~0.6 ms, and 30 000 calls in the permit form's tests.)
 * What a caller gets is jsdom's own answer (src/test/computed-style-cache.test.ts checks each change above against an
 * uncached call); the whole suite ran 114 → 105 s with it.
 */
const INSTALLED = Symbol.for("openpermit.computedStyleCache");
const UNCACHED = Symbol.for("openpermit.uncachedComputedStyle");

/** jsdom's own answer, computed anew (for src/test/computed-style-cache.test.ts). */
export function uncachedComputedStyle(element: Element, pseudo?: string | null): CSSStyleDeclaration {
  const original = (globalThis as unknown as Record<symbol, typeof getComputedStyle | undefined>)[UNCACHED];
  return (original ?? getComputedStyle)(element, pseudo);
}

export function cacheComputedStyles(window: Window & typeof globalThis) {
  const target = window as unknown as Record<symbol, boolean>;
  if (target[INSTALLED]) return;
  target[INSTALLED] = true;

  const original = window.getComputedStyle.bind(window);
  (window as unknown as Record<symbol, typeof getComputedStyle>)[UNCACHED] = original;
  let cache = new WeakMap<Element, Map<string, CSSStyleDeclaration>>();
  let empty = true;
  const forget = () => {
    if (empty) return;
    cache = new WeakMap();
    empty = true;
  };

  const observer = new window.MutationObserver(forget);
  observer.observe(window.document, { subtree: true, childList: true, attributes: true, characterData: true });
  for (const type of ["focus", "blur", "focusin", "focusout", "click", "input", "change", "keydown", "keyup"]) {
    // Before the page's own listeners (capture) and after them (bubbling): what they change in between is seen too.
    window.document.addEventListener(type, forget, { capture: true });
    window.document.addEventListener(type, forget);
  }
  window.addEventListener("resize", forget);
  // A form control's state set by a property (React sets `checked` and `value` so) changes no attribute.
  const controls = [
    [window.HTMLInputElement.prototype, ["checked", "indeterminate", "value"]],
    [window.HTMLTextAreaElement.prototype, ["value"]],
    [window.HTMLSelectElement.prototype, ["value", "selectedIndex"]],
    [window.HTMLOptionElement.prototype, ["selected"]],
  ] as const;
  for (const [prototype, properties] of controls) {
    for (const property of properties) {
      const descriptor = Object.getOwnPropertyDescriptor(prototype, property);
      const set = descriptor?.set;
      if (!descriptor || !set) continue;
      Object.defineProperty(prototype, property, {
        ...descriptor,
        set(this: Element, value: unknown) {
          forget();
          set.call(this, value);
        },
      });
    }
  }
  const sheet = window.CSSStyleSheet.prototype;
  for (const method of ["insertRule", "deleteRule", "addRule", "removeRule", "replaceSync"] as const) {
    const own = sheet[method as keyof CSSStyleSheet] as unknown;
    if (typeof own !== "function") continue;
    Object.defineProperty(sheet, method, {
      configurable: true,
      writable: true,
      value(this: CSSStyleSheet, ...args: unknown[]) {
        forget();
        return (own as (...a: unknown[]) => unknown).apply(this, args);
      },
    });
  }

  window.getComputedStyle = (element: Element, pseudo?: string | null) => {
    if (observer.takeRecords().length > 0) forget();
    const key = pseudo ?? "";
    let styles = cache.get(element);
    const kept = styles?.get(key);
    if (kept) return kept;
    const computed = original(element, pseudo);
    if (!styles) {
      styles = new Map();
      cache.set(element, styles);
    }
    styles.set(key, computed);
    if (empty) {
      empty = false;
      queueMicrotask(forget);
    }
    return computed;
  };
}
