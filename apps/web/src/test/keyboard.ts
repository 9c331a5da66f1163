import { act, fireEvent } from "@testing-library/react";

const valueSetter = (element: HTMLInputElement | HTMLTextAreaElement) =>
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), "value")!.set!;

const isTextField = (element: Element | null): element is HTMLInputElement | HTMLTextAreaElement =>
  (element instanceof HTMLInputElement &&
    ["text", "search", "tel", "url", "email", "password", ""].includes(element.type)) ||
  element instanceof HTMLTextAreaElement;

/**
 * A person's click into a text field: pointer down, focus, pointer up, click (each handler runs, as in a browser).
 * A browser then puts the caret where the pointer was, whatever the handlers selected (Chromium does so after the
 * click event): `caret` is that place, e.g. 1 for a click in the middle of "00"; without it the selection is left
 * as the handlers made it.
 */
export function clickInto(element: HTMLInputElement | HTMLTextAreaElement, { caret }: { caret?: number } = {}): void {
  fireEvent.pointerDown(element);
  if (fireEvent.mouseDown(element)) act(() => element.focus());
  fireEvent.pointerUp(element);
  fireEvent.mouseUp(element);
  fireEvent.click(element);
  if (caret !== undefined) element.setSelectionRange(caret, caret);
}

/**
 * Types `text` one key at a time ("\n" is Enter) into whatever has the focus, as a browser does and as
 * @testing-library/user-event's keyboard does (this repository does not depend on it): keydown; unless it was prevented, the character replaces the selection at the caret and an input event follows;
 * keyup goes to whatever has the focus then (a field may move the focus on). React commits and runs its effects
 * between two keys, like a person's typing.
 */
export async function typeKeys(text: string): Promise<void> {
  for (const char of text) {
    const key = char === "\n" ? "Enter" : char;
    const target = document.activeElement as HTMLElement | null;
    if (!target) throw new Error("Nothing has the focus");
    const code = key === "Enter" ? "Enter" : /\d/.test(key) ? `Digit${key}` : `Key${key.toUpperCase()}`;
    const init = { key, code, bubbles: true };
    // A prevented keydown has no keypress and types nothing.
    const typed =
      fireEvent.keyDown(target, init) && fireEvent.keyPress(target, { ...init, charCode: char.charCodeAt(0) });
    if (typed && key.length === 1 && isTextField(target)) {
      const start = target.selectionStart ?? target.value.length;
      const end = target.selectionEnd ?? start;
      const next = target.value.slice(0, start) + key + target.value.slice(end);
      act(() => {
        valueSetter(target).call(target, next);
        target.setSelectionRange(start + 1, start + 1);
        target.dispatchEvent(new InputEvent("input", { bubbles: true, data: key, inputType: "insertText" }));
      });
    }
    fireEvent.keyUp(document.activeElement ?? target, init);
    await act(async () => {});
  }
}
