import { PNG } from "pngjs";

/**
 * Icons for the demo's EPIs and specific-risk logograms, drawn by code as simple shapes on a 96 × 96
 * square (no text). Deterministic: the same bytes on every run.
 */

type TColour = readonly [number, number, number];
const SIZE = 96;
const WHITE: TColour = [252, 252, 252];
const BLACK: TColour = [28, 28, 28];
const BLUE: TColour = [26, 92, 170];
const YELLOW: TColour = [244, 196, 48];
const RED: TColour = [200, 40, 40];

function canvas(draw: (plot: (inside: (x: number, y: number) => boolean, colour: TColour) => void) => void) {
  const png = new PNG({ width: SIZE, height: SIZE });
  png.data.fill(0);
  const plot = (inside: (x: number, y: number) => boolean, [r, g, b]: TColour) => {
    for (let y = 0; y < SIZE; y++) {
      for (let x = 0; x < SIZE; x++) {
        if (!inside(x + 0.5, y + 0.5)) continue;
        const i = (y * SIZE + x) * 4;
        png.data[i] = r;
        png.data[i + 1] = g;
        png.data[i + 2] = b;
        png.data[i + 3] = 255;
      }
    }
  };
  draw(plot);
  return PNG.sync.write(png);
}

const disc = (cx: number, cy: number, r: number) => (x: number, y: number) => Math.hypot(x - cx, y - cy) <= r;
const box = (x0: number, y0: number, w: number, h: number) => (x: number, y: number) =>
  x >= x0 && x < x0 + w && y >= y0 && y < y0 + h;
const bar = (x0: number, y0: number, x1: number, y1: number, t: number) => (x: number, y: number) => {
  const dx = x1 - x0;
  const dy = y1 - y0;
  const k = Math.max(0, Math.min(1, ((x - x0) * dx + (y - y0) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(x - (x0 + k * dx), y - (y0 + k * dy)) <= t / 2;
};
/** A triangle pointing up, as a warning sign. */
const triangle = (inset: number) => (x: number, y: number) => {
  const top = 8 + inset * 2;
  const bottom = 88 - inset;
  if (y < top || y > bottom) return false;
  const half = ((y - top) / (bottom - top)) * (44 - inset * 1.5);
  return Math.abs(x - 48) <= half;
};

/** A mandatory sign (blue disc) with a white pictogram. */
const mandatory = (pictogram: (plot: (inside: (x: number, y: number) => boolean, c: TColour) => void) => void) =>
  canvas((plot) => {
    plot(disc(48, 48, 46), BLUE);
    pictogram((inside, colour) => plot(inside, colour === BLACK ? WHITE : colour));
  });

export const DEMO_EPI_ICONS = {
  helmet: () =>
    mandatory((plot) => {
      plot((x, y) => disc(48, 56, 26)(x, y) && y <= 56, BLACK);
      plot(box(16, 54, 64, 8), BLACK);
    }),
  gloves: () =>
    mandatory((plot) => {
      plot(box(34, 40, 28, 34), BLACK);
      for (const x of [34, 41, 48, 55]) plot(box(x, 20, 6, 24), BLACK);
      plot(bar(62, 56, 72, 40, 7), BLACK);
    }),
  goggles: () =>
    mandatory((plot) => {
      plot(disc(34, 48, 13), BLACK);
      plot(disc(62, 48, 13), BLACK);
      plot(box(30, 44, 36, 8), BLACK);
      plot(bar(14, 44, 22, 46, 5), BLACK);
      plot(bar(74, 46, 82, 44, 5), BLACK);
    }),
  boots: () =>
    mandatory((plot) => {
      plot(box(30, 20, 20, 48), BLACK);
      plot(box(30, 58, 40, 14), BLACK);
    }),
  harness: () =>
    mandatory((plot) => {
      plot(disc(48, 22, 8), BLACK);
      plot(bar(48, 30, 48, 62, 8), BLACK);
      plot(bar(34, 34, 62, 62, 4), BLACK);
      plot(bar(62, 34, 34, 62, 4), BLACK);
      plot(bar(48, 62, 36, 82, 6), BLACK);
      plot(bar(48, 62, 60, 82, 6), BLACK);
      plot(bar(48, 30, 48, 10, 3), BLACK);
    }),
  earDefenders: () =>
    mandatory((plot) => {
      plot((x, y) => disc(48, 50, 28)(x, y) && !disc(48, 50, 22)(x, y) && y <= 50, BLACK);
      plot(box(16, 46, 14, 24), BLACK);
      plot(box(66, 46, 14, 24), BLACK);
    }),
  gasDetector: () =>
    mandatory((plot) => {
      plot(box(32, 18, 32, 60), BLACK);
      plot(box(38, 26, 20, 14), [26, 92, 170]);
      plot(disc(48, 58, 6), [26, 92, 170]);
    }),
};

/** A warning sign (yellow triangle, black edge) with a black pictogram. */
const warning = (pictogram: (plot: (inside: (x: number, y: number) => boolean, c: TColour) => void) => void) =>
  canvas((plot) => {
    plot(triangle(0), BLACK);
    plot(triangle(7), YELLOW);
    pictogram(plot);
  });

export const DEMO_LOGOGRAMS = {
  /** A figure falling from an edge. */
  height: () =>
    warning((plot) => {
      plot(box(24, 70, 22, 6), BLACK);
      plot(disc(58, 40, 5), BLACK);
      plot(bar(56, 46, 50, 62, 5), BLACK);
      plot(bar(50, 62, 60, 72, 4), BLACK);
      plot(bar(50, 62, 42, 70, 4), BLACK);
      plot(bar(54, 52, 66, 48, 4), BLACK);
    }),
  /** A manhole seen from the side. */
  confinedSpace: () =>
    warning((plot) => {
      plot(box(28, 48, 40, 28), BLACK);
      plot(box(34, 54, 28, 22), YELLOW);
      plot(disc(48, 64, 4), BLACK);
      plot(bar(48, 68, 48, 76, 4), BLACK);
    }),
  /** A lightning bolt. */
  electrical: () =>
    warning((plot) => {
      plot(bar(54, 34, 42, 58, 6), BLACK);
      plot(bar(42, 58, 54, 58, 6), BLACK);
      plot(bar(54, 58, 42, 80, 6), BLACK);
    }),
  /** A hook and a load. */
  suspendedLoad: () =>
    warning((plot) => {
      plot(bar(48, 30, 48, 50, 4), BLACK);
      plot(box(36, 54, 24, 20), BLACK);
      plot(box(40, 58, 16, 12), RED);
    }),
};
