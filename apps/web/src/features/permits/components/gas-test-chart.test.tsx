import { MantineProvider } from "@mantine/core";
import type { TGasTest } from "@openpermit/shared";
import { render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createTestI18n } from "../../../test/test-i18n";
import { GasTestChart } from "./gas-test-chart";

const test = (id: string, testedAt: string, h2s: number): TGasTest => ({
  id,
  testedAt,
  testedBy: { id: "00000000-0000-4000-8000-000000000005", name: "Emma Stone" },
  instrumentId: "GX-41",
  calibratedOn: "2026-11-01",
  passed: h2s < 5,
  readings: [
    {
      gasId: "00000000-0000-4000-8000-000000000082",
      name: "H₂S",
      unit: "ppm",
      lowLimit: null,
      highLimit: 5,
      value: h2s,
      passed: h2s < 5,
    },
  ],
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the gas tests' chart", () => {
  it("is a picture hidden from screen readers with nothing in it to focus (axe: aria-hidden-focus)", () => {
    // jsdom lays nothing out: the chart's container is given a size, or recharts draws nothing.
    vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue(new DOMRect(0, 0, 600, 200));
    render(
      <I18nextProvider i18n={createTestI18n()}>
        <MantineProvider env="test">
          <GasTestChart
            tests={[
              test("00000000-0000-4000-8000-000000000091", "2026-11-20T11:00:00.000Z", 8),
              test("00000000-0000-4000-8000-000000000090", "2026-11-20T09:00:00.000Z", 0),
            ]}
          />
        </MantineProvider>
      </I18nextProvider>,
    );
    const chart = screen.getByTestId("gas-test-chart");
    expect(chart.getAttribute("aria-hidden")).toBe("true");
    expect(chart.querySelector("svg")).not.toBeNull();
    const focusable = chart.querySelectorAll(
      "[tabindex]:not([tabindex='-1']), a[href], button, input, select, textarea",
    );
    expect(focusable.length).toBe(0);
  });
});
