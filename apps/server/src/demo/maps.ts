import { PNG } from "pngjs";

/**
 * Site plans for the demo sectors, drawn by code as simple shapes (no text): roads, buildings, tanks in
 * their bunds, pipe racks, fences, water and jetties, a north arrow and a scale bar. Deterministic: the
 * same bytes on every run.
 */

type TColour = readonly [number, number, number];

const C = {
  ground: [233, 236, 224],
  grass: [214, 226, 200],
  road: [132, 137, 141],
  roadLine: [245, 245, 240],
  building: [196, 200, 207],
  buildingEdge: [92, 98, 108],
  roof: [170, 175, 184],
  tank: [222, 226, 230],
  tankEdge: [80, 88, 98],
  bund: [150, 120, 84],
  pipeA: [214, 120, 46],
  pipeB: [52, 108, 170],
  rack: [110, 110, 110],
  fence: [46, 96, 58],
  water: [150, 190, 222],
  waterDeep: [124, 170, 210],
  jetty: [120, 104, 90],
  black: [30, 30, 30],
  white: [252, 252, 252],
  red: [196, 52, 44],
  hazard: [238, 196, 60],
} satisfies Record<string, TColour>;

class Canvas {
  readonly png: PNG;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.png = new PNG({ width, height });
  }

  #set(x: number, y: number, [r, g, b]: TColour) {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (y * this.width + x) * 4;
    this.png.data[i] = r;
    this.png.data[i + 1] = g;
    this.png.data[i + 2] = b;
    this.png.data[i + 3] = 255;
  }

  rect(x: number, y: number, w: number, h: number, colour: TColour) {
    for (let j = Math.max(0, Math.round(y)); j < Math.min(this.height, Math.round(y + h)); j++) {
      for (let i = Math.max(0, Math.round(x)); i < Math.min(this.width, Math.round(x + w)); i++)
        this.#set(i, j, colour);
    }
  }

  outline(x: number, y: number, w: number, h: number, t: number, colour: TColour) {
    this.rect(x, y, w, t, colour);
    this.rect(x, y + h - t, w, t, colour);
    this.rect(x, y, t, h, colour);
    this.rect(x + w - t, y, t, h, colour);
  }

  /** A filled disc, or a ring when `inner` is given. */
  disc(cx: number, cy: number, r: number, colour: TColour, inner = -1) {
    for (let y = Math.floor(cy - r); y <= Math.ceil(cy + r); y++) {
      for (let x = Math.floor(cx - r); x <= Math.ceil(cx + r); x++) {
        const d = Math.hypot(x - cx, y - cy);
        if (d <= r && d > inner) this.#set(x, y, colour);
      }
    }
  }

  /** A straight line `t` pixels thick; with `dash`, drawn `dash` on and `dash` off. */
  line(x0: number, y0: number, x1: number, y1: number, t: number, colour: TColour, dash = 0) {
    const length = Math.hypot(x1 - x0, y1 - y0);
    for (let s = 0; s <= length; s += 0.5) {
      if (dash && Math.floor(s / dash) % 2 === 1) continue;
      const x = x0 + ((x1 - x0) * s) / length;
      const y = y0 + ((y1 - y0) * s) / length;
      this.rect(x - t / 2, y - t / 2, t, t, colour);
    }
  }

  dashedOutline(x: number, y: number, w: number, h: number, t: number, colour: TColour, dash: number) {
    this.line(x, y, x + w, y, t, colour, dash);
    this.line(x + w, y, x + w, y + h, t, colour, dash);
    this.line(x + w, y + h, x, y + h, t, colour, dash);
    this.line(x, y + h, x, y, t, colour, dash);
  }

  triangle(a: [number, number], b: [number, number], c: [number, number], colour: TColour) {
    const [minX, maxX] = [Math.min(a[0], b[0], c[0]), Math.max(a[0], b[0], c[0])];
    const [minY, maxY] = [Math.min(a[1], b[1], c[1]), Math.max(a[1], b[1], c[1])];
    const side = (p: [number, number], q: [number, number], x: number, y: number) =>
      (q[0] - p[0]) * (y - p[1]) - (q[1] - p[1]) * (x - p[0]);
    for (let y = Math.floor(minY); y <= maxY; y++) {
      for (let x = Math.floor(minX); x <= maxX; x++) {
        const s1 = side(a, b, x, y);
        const s2 = side(b, c, x, y);
        const s3 = side(c, a, x, y);
        if ((s1 >= 0 && s2 >= 0 && s3 >= 0) || (s1 <= 0 && s2 <= 0 && s3 <= 0)) this.#set(x, y, colour);
      }
    }
  }

  toPng(): Buffer {
    return PNG.sync.write(this.png, { deflateLevel: 6 });
  }
}

/** A small seeded generator (mulberry32), so "random" texture is the same on every run. */
function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ── Plan elements ────────────────────────────────────────────────────────────────────────────────────

function ground(c: Canvas, seed: number) {
  c.rect(0, 0, c.width, c.height, C.ground);
  const random = seeded(seed);
  for (let i = 0; i < 60; i++) {
    const r = 20 + random() * 50;
    c.disc(random() * c.width, random() * c.height, r, C.grass);
  }
}

function road(c: Canvas, x0: number, y0: number, x1: number, y1: number, width = 34) {
  c.line(x0, y0, x1, y1, width, C.road);
  c.line(x0, y0, x1, y1, 3, C.roadLine, 14);
}

function building(c: Canvas, x: number, y: number, w: number, h: number) {
  c.rect(x, y, w, h, C.building);
  c.outline(x, y, w, h, 4, C.buildingEdge);
  // A roof ridge along the longer side.
  if (w >= h) c.line(x + 8, y + h / 2, x + w - 8, y + h / 2, 2, C.roof);
  else c.line(x + w / 2, y + 8, x + w / 2, y + h - 8, 2, C.roof);
}

function tank(c: Canvas, cx: number, cy: number, r: number) {
  c.disc(cx, cy, r, C.tank);
  c.disc(cx, cy, r, C.tankEdge, r - 4);
  c.disc(cx, cy, r * 0.55, C.tankEdge, r * 0.55 - 2);
  c.disc(cx, cy, 4, C.tankEdge);
}

function bund(c: Canvas, x: number, y: number, w: number, h: number) {
  c.outline(x, y, w, h, 6, C.bund);
}

/** Two pipes on a rack with cross-ties every 30 px. */
function pipeRack(c: Canvas, x0: number, y0: number, x1: number, y1: number) {
  const horizontal = Math.abs(x1 - x0) >= Math.abs(y1 - y0);
  const [dx, dy] = horizontal ? [0, 6] : [6, 0];
  const length = Math.hypot(x1 - x0, y1 - y0);
  for (let s = 0; s <= length; s += 30) {
    const x = x0 + ((x1 - x0) * s) / length;
    const y = y0 + ((y1 - y0) * s) / length;
    c.line(x - dx * 2, y - dy * 2, x + dx * 2, y + dy * 2, 3, C.rack);
  }
  c.line(x0 - dx, y0 - dy, x1 - dx, y1 - dy, 5, C.pipeA);
  c.line(x0 + dx, y0 + dy, x1 + dx, y1 + dy, 5, C.pipeB);
}

function fence(c: Canvas, x: number, y: number, w: number, h: number) {
  c.dashedOutline(x, y, w, h, 4, C.fence, 12);
}

/** North arrow in the top-right corner: a circle and a two-tone arrowhead pointing up. */
function northArrow(c: Canvas) {
  const [cx, cy] = [c.width - 90, 100];
  c.disc(cx, cy, 52, C.white);
  c.disc(cx, cy, 52, C.black, 48);
  c.triangle([cx, cy - 44], [cx - 22, cy + 30], [cx, cy + 16], C.black);
  c.triangle([cx, cy - 44], [cx + 22, cy + 30], [cx, cy + 16], C.red);
}

/** Scale bar in the bottom-left corner: four alternating blocks on a white ground. */
function scaleBar(c: Canvas) {
  const [x, y] = [50, c.height - 70];
  c.rect(x - 12, y - 14, 4 * 80 + 24, 44, C.white);
  for (let i = 0; i < 4; i++) c.rect(x + i * 80, y, 80, 16, i % 2 === 0 ? C.black : C.white);
  c.outline(x, y, 320, 16, 2, C.black);
  for (let i = 0; i <= 4; i++) c.rect(x + i * 80 - 1, y - 8, 2, 8, C.black);
}

function water(c: Canvas, top: number) {
  c.rect(0, top, c.width, c.height - top, C.water);
  for (let y = top + 30; y < c.height; y += 36) {
    for (let x = (y / 36) % 2 === 0 ? 0 : 40; x < c.width; x += 80) c.line(x, y, x + 30, y, 3, C.waterDeep);
  }
}

// ── The three demo plans ─────────────────────────────────────────────────────────────────────────────

export const DEMO_MAP_WIDTH = 1600;
export const DEMO_MAP_HEIGHT = 1000;

/** Where each named place of a plan is, as fractions of the image (the demo's sub-sectors go there). */
export type TPlaces = Record<string, { x: number; y: number }>;
const at = (x: number, y: number) => ({ x: x / DEMO_MAP_WIDTH, y: y / DEMO_MAP_HEIGHT });

/** North Plant, sector 1: the crude distillation unit. */
export function crudeUnitPlan(): { png: Buffer; places: TPlaces } {
  const c = new Canvas(DEMO_MAP_WIDTH, DEMO_MAP_HEIGHT);
  ground(c, 11);
  fence(c, 60, 60, 1480, 860);
  road(c, 60, 180, 1540, 180);
  road(c, 300, 180, 300, 920);
  road(c, 1220, 180, 1220, 920);
  pipeRack(c, 340, 470, 1180, 470);
  pipeRack(c, 760, 230, 760, 860);
  // Furnaces, columns, pump house, control room, cooling water.
  building(c, 380, 260, 200, 130);
  building(c, 380, 560, 160, 110);
  for (const [x, y, r] of [
    [900, 320, 46],
    [1020, 320, 34],
    [1100, 320, 24],
  ] as const)
    tank(c, x, y, r);
  building(c, 860, 560, 260, 150);
  building(c, 1300, 240, 180, 120);
  c.rect(1290, 600, 200, 200, C.hazard);
  c.outline(1290, 600, 200, 200, 4, C.buildingEdge);
  for (let i = 0; i < 4; i++) c.disc(1340 + (i % 2) * 100, 650 + Math.floor(i / 2) * 100, 36, C.tankEdge, 30);
  northArrow(c);
  scaleBar(c);
  return {
    png: c.toPng(),
    places: {
      "Furnace F-101": at(480, 325),
      "Pump house P-12": at(460, 615),
      "Distillation column C-1": at(900, 320),
      "Control room CR-1": at(1390, 300),
    },
  };
}

/** North Plant, sector 2: the tank farm. */
export function tankFarmPlan(): { png: Buffer; places: TPlaces } {
  const c = new Canvas(DEMO_MAP_WIDTH, DEMO_MAP_HEIGHT);
  ground(c, 23);
  fence(c, 50, 50, 1500, 880);
  road(c, 50, 880, 1550, 880, 40);
  road(c, 1320, 50, 1320, 880, 40);
  // Two bunds of tanks, T-1..T-6 and T-7..T-12.
  bund(c, 110, 110, 560, 700);
  bund(c, 720, 110, 540, 700);
  for (let i = 0; i < 12; i++) {
    const column = i % 2;
    const row = Math.floor((i % 6) / 2);
    const x = (i < 6 ? 250 : 850) + column * 270;
    tank(c, x, 220 + row * 230, 92);
  }
  pipeRack(c, 110, 840, 1280, 840);
  building(c, 1380, 120, 140, 100);
  building(c, 1380, 600, 140, 180);
  northArrow(c);
  scaleBar(c);
  return {
    png: c.toPng(),
    places: {
      "Tank farm T-3": at(250, 450),
      "Tank T-7": at(850, 220),
      "Pump station PS-2": at(1450, 690),
    },
  };
}

/** South Terminal, sector 1: the marine jetty and the truck loading bays. */
export function jettyPlan(): { png: Buffer; places: TPlaces } {
  const c = new Canvas(DEMO_MAP_WIDTH, DEMO_MAP_HEIGHT);
  ground(c, 37);
  water(c, 640);
  fence(c, 40, 40, 1520, 580);
  road(c, 40, 140, 1560, 140, 40);
  road(c, 200, 140, 200, 620);
  // Jetty: an approach trestle and two berths with loading arms.
  c.rect(760, 600, 60, 220, C.jetty);
  c.rect(520, 800, 560, 60, C.jetty);
  for (const x of [600, 1000]) {
    c.rect(x - 40, 860, 80, 30, C.jetty);
    c.line(x, 800, x, 760, 6, C.hazard);
  }
  pipeRack(c, 790, 240, 790, 600);
  // Truck loading bays, small tanks, fire water pumps.
  for (let i = 0; i < 4; i++) building(c, 300 + i * 110, 220, 90, 150);
  for (const x of [1000, 1150, 1300]) tank(c, x, 330, 62);
  building(c, 1380, 470, 130, 100);
  northArrow(c);
  scaleBar(c);
  return {
    png: c.toPng(),
    places: {
      "Jetty berth 1": at(600, 830),
      "Truck loading bay L-4": at(675, 295),
      "Fire water pumps FW-2": at(1445, 520),
    },
  };
}
