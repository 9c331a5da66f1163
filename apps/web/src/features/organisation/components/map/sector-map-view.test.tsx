import { MantineProvider } from "@mantine/core";
import { render, screen, waitFor } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { createTestI18n } from "../../../../test/test-i18n";
import { SectorMapView, type TSectorMapViewProps } from "./sector-map-view";

const placed = { id: "a", name: "Loading arm A", x: 0.25, y: 0.5 };
const unplaced = { id: "b", name: "Berth 2", x: null, y: null };

function renderMap(props: Partial<TSectorMapViewProps> = {}) {
  return render(
    <I18nextProvider i18n={createTestI18n()}>
      <MantineProvider env="test">
        <SectorMapView
          imageUrl="blob:plan"
          size={{ width: 800, height: 600 }}
          label="Map of Tank farm"
          markers={[placed, unplaced]}
          {...props}
        />
      </MantineProvider>
    </I18nextProvider>,
  );
}

describe("the sector map's pins", () => {
  it("name each placed pin for screen readers and in a label that stays on the plan; an unplaced one is not drawn", async () => {
    const { container } = renderMap({ permanentLabels: true });
    const pin = await screen.findByRole("button", { name: "Loading arm A" });
    const label = await waitFor(() => {
      const found = container.querySelector(".leaflet-tooltip");
      expect(found).not.toBeNull();
      return found!;
    });
    expect(label.textContent).toBe("Loading arm A");
    // The pin is described by its label (Leaflet links them), so it is read out with it.
    expect(pin.getAttribute("aria-describedby")).toBe(label.id);
    expect(container.querySelectorAll(".leaflet-marker-icon")).toHaveLength(1);
    expect(screen.queryByRole("button", { name: "Berth 2" })).toBeNull();
  });

  it("draw a pin that is shown only with its label, as no control: not a button, not focusable, not clickable", async () => {
    const isolation = { id: "i", name: "Isolation EL-101", label: "EL-101", x: 0.5, y: 0.5, shownOnly: true };
    const { container } = renderMap({ permanentLabels: true, markers: [placed, isolation] });
    await screen.findByRole("button", { name: "Loading arm A" });
    await waitFor(() => expect(container.querySelectorAll(".leaflet-tooltip")).toHaveLength(2));
    const icons = [...container.querySelectorAll<HTMLElement>(".leaflet-marker-icon")];
    const shown = icons.find((icon) => icon.title === "Isolation EL-101")!;
    expect(shown).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Isolation EL-101" })).toBeNull();
    expect(shown.getAttribute("tabindex")).toBeNull();
    // Leaflet's style lets pointer events through a marker icon without this class.
    expect(shown.classList.contains("leaflet-interactive")).toBe(false);
    expect(icons.find((icon) => icon !== shown)!.classList.contains("leaflet-interactive")).toBe(true);
  });
});
