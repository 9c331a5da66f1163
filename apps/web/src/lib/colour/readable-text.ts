/** WCAG relative luminance of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/**
 * Black or white, whichever reads better on `background` (a `#rrggbb` an enterprise chose for a criticality level).
 * Mantine's autoContrast uses a fixed luminance threshold, which leaves white on mid-tone oranges below 4.5:1.
 */
export function readableTextOn(background: string): "#000000" | "#ffffff" {
  if (!/^#[0-9a-fA-F]{6}$/.test(background)) return "#000000";
  const l = luminance(background);
  return contrast(l, 0) >= contrast(l, 1) ? "#000000" : "#ffffff";
}
