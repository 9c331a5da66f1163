import { MantineProvider } from "@mantine/core";
import { act, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createTestI18n } from "../../../test/test-i18n";
import { CodeCountdown } from "./code-countdown";
import { formatMinutesSeconds } from "./use-remaining-seconds";

afterEach(() => {
  vi.useRealTimers();
});

describe("the code countdown", () => {
  it("formats the time left as mm:ss", () => {
    expect(formatMinutesSeconds(600)).toBe("10:00");
    expect(formatMinutesSeconds(65)).toBe("01:05");
    expect(formatMinutesSeconds(0)).toBe("00:00");
  });

  it("counts down every second to the code's expiry, then says it expired", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-01-01T10:00:00.000Z"));
    render(
      <I18nextProvider i18n={createTestI18n()}>
        <MantineProvider env="test">
          <CodeCountdown expiresAt="2026-01-01T10:10:00.000Z" />
        </MantineProvider>
      </I18nextProvider>,
    );
    expect(screen.getByTestId("code-countdown").textContent).toBe("Remaining time 10:00");
    act(() => {
      vi.advanceTimersByTime(61_000);
    });
    expect(screen.getByTestId("code-countdown").textContent).toBe("Remaining time 08:59");
    act(() => {
      vi.advanceTimersByTime(539_000);
    });
    expect(screen.queryByTestId("code-countdown")).toBeNull();
    expect(screen.getByText("The code has expired. Ask for a new one.")).toBeTruthy();
  });
});
