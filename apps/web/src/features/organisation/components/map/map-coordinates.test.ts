import { describe, expect, it } from "vitest";
import { fractionsToLatLng, fromPercent, imageBounds, latLngToFractions, toPercent } from "./map-coordinates";

const size = { width: 2000, height: 1000 };

describe("map coordinates", () => {
  it("puts the image's top-left corner at fractions 0,0 and its bottom-right at 1,1", () => {
    expect(latLngToFractions({ lat: 1000, lng: 0 }, size)).toEqual({ x: 0, y: 0 });
    expect(latLngToFractions({ lat: 0, lng: 2000 }, size)).toEqual({ x: 1, y: 1 });
    expect(latLngToFractions({ lat: 750, lng: 500 }, size)).toEqual({ x: 0.25, y: 0.25 });
  });

  it("turns fractions back into the same place", () => {
    expect(fractionsToLatLng({ x: 0.25, y: 0.25 }, size)).toEqual({ lat: 750, lng: 500 });
    expect(fractionsToLatLng({ x: 0, y: 0 }, size)).toEqual({ lat: 1000, lng: 0 });
    for (const point of [
      { x: 0.1, y: 0.9 },
      { x: 0.5, y: 0.5 },
      { x: 0.333, y: 0.666 },
    ]) {
      const back = latLngToFractions(fractionsToLatLng(point, size), size);
      expect(back.x).toBeCloseTo(point.x, 10);
      expect(back.y).toBeCloseTo(point.y, 10);
    }
  });

  it("keeps a position stored for one resolution on the same spot of a larger upload", () => {
    const stored = latLngToFractions({ lat: 250, lng: 1500 }, size);
    expect(fractionsToLatLng(stored, { width: 4000, height: 2000 })).toEqual({ lat: 500, lng: 3000 });
  });

  it("clamps clicks outside the image to its edge", () => {
    expect(latLngToFractions({ lat: -20, lng: 2500 }, size)).toEqual({ x: 1, y: 1 });
    expect(latLngToFractions({ lat: 1200, lng: -1 }, size)).toEqual({ x: 0, y: 0 });
    expect(latLngToFractions({ lat: Number.NaN, lng: 1000 }, size)).toEqual({ x: 0.5, y: 0 });
  });

  it("gives CRS.Simple bounds from the image size", () => {
    expect(imageBounds(size)).toEqual([
      [0, 0],
      [1000, 2000],
    ]);
  });

  it("shows percentages with one decimal", () => {
    expect(toPercent(0.12345)).toBe(12.3);
    expect(fromPercent(12.3)).toBeCloseTo(0.123, 10);
    expect(fromPercent(150)).toBe(1);
  });
});
