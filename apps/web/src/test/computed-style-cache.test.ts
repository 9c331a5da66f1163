import { fireEvent } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { uncachedComputedStyle } from "./computed-style-cache";

/**
 * src/test/setup.ts keeps jsdom's computed styles between changes (computed-style-cache.ts). Each case asks for a
 * style, changes something in the same task (no await in between, so only the cache's own forgetting can help) and
 * asks again: the kept answer must be let go, and the new one be jsdom's own.
 */
const made: Element[] = [];
function add<T extends keyof HTMLElementTagNameMap>(tag: T, parent: Element = document.body): HTMLElementTagNameMap[T] {
  const element = document.createElement(tag);
  parent.append(element);
  made.push(element);
  return element;
}
function rules(css: string) {
  const style = add("style", document.head);
  style.textContent = css;
  return style;
}
afterEach(() => {
  for (const element of made.splice(0)) element.remove();
});

const SHOWN = ["display", "visibility", "color", "pointer-events", "background-color"] as const;
const shown = (style: CSSStyleDeclaration) => SHOWN.map((property) => style.getPropertyValue(property));

/** Asks for `element`'s style, runs `change`, and checks the style asked for again is new and jsdom's own. */
function expectFollows(
  element: Element,
  change: () => void,
  expected?: Partial<Record<(typeof SHOWN)[number], string>>,
) {
  const before = getComputedStyle(element);
  expect(getComputedStyle(element)).toBe(before);
  change();
  const after = getComputedStyle(element);
  expect(after).not.toBe(before);
  expect(shown(after)).toEqual(shown(uncachedComputedStyle(element)));
  for (const [property, value] of Object.entries(expected ?? {})) expect(after.getPropertyValue(property)).toBe(value);
}

describe("computed styles in the web tests", () => {
  it("are kept between two asks with nothing changed in between", () => {
    const box = add("div");
    expect(getComputedStyle(box)).toBe(getComputedStyle(box));
    expect(shown(getComputedStyle(box))).toEqual(shown(uncachedComputedStyle(box)));
  });

  it("follow an attribute, a class and an inline style", () => {
    rules(".gone { visibility: hidden }");
    const box = add("div");
    expectFollows(box, () => (box.hidden = true), { display: "none" });
    expectFollows(box, () => (box.hidden = false), { display: "block" });
    expectFollows(box, () => (box.className = "gone"), { visibility: "hidden" });
    expectFollows(box, () => (box.style.display = "none"), { display: "none" });
  });

  it("follow an ancestor's change (inherited) and a node moved elsewhere", () => {
    const outer = add("div");
    const inner = add("span", outer);
    const elsewhere = add("div");
    expectFollows(inner, () => (outer.style.visibility = "hidden"), { visibility: "hidden" });
    expectFollows(inner, () => elsewhere.append(inner), { visibility: "visible" });
  });

  it("follow a style sheet's text and rules added to or removed from it", () => {
    const box = add("div");
    box.className = "late";
    const style = rules("");
    expectFollows(box, () => (style.textContent = ".late { display: none }"), { display: "none" });
    expectFollows(box, () => (style.textContent = ""), { display: "block" });
    expectFollows(box, () => (style.sheet as CSSStyleSheet).insertRule(".late { visibility: hidden }"));
    expectFollows(box, () => (style.sheet as CSSStyleSheet).deleteRule(0));
  });

  it("follow focus, a click and a form control's state set by a property", () => {
    rules("input:focus { visibility: hidden } input:checked { display: none } option:checked { visibility: hidden }");
    const field = add("input");
    expectFollows(field, () => field.focus());
    expectFollows(field, () => field.blur());
    expectFollows(field, () => (field.value = "typed"));
    const box = add("input");
    box.type = "checkbox";
    expectFollows(box, () => fireEvent.click(box));
    expectFollows(box, () => (box.checked = false));
    expectFollows(box, () => (box.indeterminate = true));
    const area = add("textarea");
    expectFollows(area, () => (area.value = "typed"));
    const select = add("select");
    add("option", select);
    const second = add("option", select);
    expectFollows(second, () => (second.selected = true));
    expectFollows(second, () => (select.selectedIndex = 0));
    expectFollows(second, () => (select.value = ""));
  });

  it("follow the window's size", () => {
    const box = add("div");
    expectFollows(box, () => window.dispatchEvent(new Event("resize")));
  });

  it("are forgotten at the end of the task", async () => {
    const box = add("div");
    const before = getComputedStyle(box);
    await Promise.resolve();
    expect(getComputedStyle(box)).not.toBe(before);
  });
});
