import { useForm } from "@mantine/form";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { Providers } from "../app/providers";
import { clickInto, typeKeys } from "../test/keyboard";
import { createTestQueryClient } from "../test/query-client";
import { createTestI18n } from "../test/test-i18n";
import { DateTimeField } from "./date-time-field";

let value: string | null = null;
function Field() {
  const form = useForm<{ at: string | null }>({ mode: "controlled", initialValues: { at: null } });
  value = form.getValues().at;
  return <DateTimeField {...form.getInputProps("at")} label="When" />;
}

async function typeTime(digits: string, caret: number) {
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <Providers queryClient={createTestQueryClient()} env="test">
        <Field />
      </Providers>
    </I18nextProvider>,
  );
  fireEvent.click(screen.getByRole("button", { name: "When" }));
  const dropdown = await screen.findByRole("dialog");
  const day = within(dropdown)
    .getAllByRole("button")
    .find((button) => button.textContent === "15" && !button.hasAttribute("data-outside"));
  fireEvent.click(day!);
  clickInto(within(dropdown).getByRole("spinbutton", { name: "Hours" }) as HTMLInputElement, { caret });
  await typeKeys(digits);
  return value?.slice(11, 16);
}

describe("DateTimeField", () => {
  // Where a click leaves the caret in "00": before the first zero, between them, after them.
  it.each([
    ["1730", 0, "17:30"],
    ["1730", 1, "17:30"],
    ["1730", 2, "17:30"],
    ["0800", 1, "08:00"],
    ["0800", 2, "08:00"],
  ])("typing %s after a click (caret at %i) gives %s", async (digits, caret, expected) => {
    expect(await typeTime(digits, caret)).toBe(expected);
  });
});
