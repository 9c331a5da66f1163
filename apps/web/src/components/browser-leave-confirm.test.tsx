import { render } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createTestI18n } from "../test/test-i18n";
import { BrowserLeaveConfirm } from "./leave-guard";

const confirm = window.confirm;
afterEach(() => {
  window.confirm = confirm;
});

describe("the browser's own leave question (the dialog's code could not be fetched)", () => {
  it("asks once when it opens, whatever re-renders, and goes on or stays as answered", () => {
    const answers = [true, false];
    const asked = vi.fn(() => answers.shift()!);
    window.confirm = asked;
    const i18n = createTestI18n();
    const onLeave = vi.fn();
    const onStay = vi.fn();
    const ui = (opened: boolean) => (
      <I18nextProvider i18n={i18n}>
        <BrowserLeaveConfirm opened={opened} kind="page" onLeave={() => onLeave()} onStay={() => onStay()} />
      </I18nextProvider>
    );
    const { rerender } = render(ui(false));
    expect(asked).not.toHaveBeenCalled();
    rerender(ui(true));
    rerender(ui(true));
    expect(asked).toHaveBeenCalledTimes(1);
    expect(asked.mock.calls[0]).toEqual([expect.stringMatching(/unsaved|not saved|lost/i)]);
    expect(onLeave).toHaveBeenCalledTimes(1);
    rerender(ui(false));
    rerender(ui(true));
    expect(onStay).toHaveBeenCalledTimes(1);
  });
});
