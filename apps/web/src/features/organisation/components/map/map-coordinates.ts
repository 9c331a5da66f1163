/**
 * Sub-sector positions are stored as fractions of the map image (0..1 from its top-left corner), so
 * they survive a new upload of the same plan at another resolution. Leaflet's CRS.Simple puts the
 * image at bounds [[0, 0], [height, width]]: lng grows to the right like x, but lat grows upwards
 * while image rows grow downwards.
 */
export interface TLatLng {
  lat: number;
  lng: number;
}

export interface TFractions {
  x: number;
  y: number;
}

export interface TImageSize {
  width: number;
  height: number;
}

const clamp01 = (value: number) => (Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0);

/** Where a click or a dropped marker lands, as fractions of the image (clamped to the image). */
export function latLngToFractions({ lat, lng }: TLatLng, { width, height }: TImageSize): TFractions {
  return { x: clamp01(lng / width), y: clamp01(1 - lat / height) };
}

/** Where stored fractions sit on the map. */
export function fractionsToLatLng({ x, y }: TFractions, { width, height }: TImageSize): TLatLng {
  return { lat: (1 - clamp01(y)) * height, lng: clamp01(x) * width };
}

/** The image's bounds in CRS.Simple: south-west corner [0, 0], north-east [height, width]. */
export function imageBounds({ width, height }: TImageSize): [[number, number], [number, number]] {
  return [
    [0, 0],
    [height, width],
  ];
}

/** Fractions as the percentages the keyboard fields show (one decimal), and back. */
export function toPercent(fraction: number): number {
  return Math.round(clamp01(fraction) * 1000) / 10;
}

export function fromPercent(percent: number): number {
  return clamp01(percent / 100);
}

/** Those placed on the plan (both coordinates set); the others are listed beside it, not pinned. */
export function placedOnly<T extends { x: number | null; y: number | null }>(items: T[]): (T & TFractions)[] {
  return items.filter((item): item is T & TFractions => item.x !== null && item.y !== null);
}
