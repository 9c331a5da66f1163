import { DivIcon } from "leaflet";
import styles from "./sector-map.module.css";

/** normal, selected, draft: the sub-sector editor; the others: the live site map's places and isolations. */
export type TMarkerLook = "normal" | "selected" | "draft" | "attention" | "live" | "planned" | "idle" | "isolation";

const PIN =
  '<svg viewBox="0 0 28 40" aria-hidden="true" focusable="false">' +
  '<path fill="currentColor" stroke="#fff" stroke-width="2" d="M14 1C7 1 1.5 6.5 1.5 13.3 1.5 22.5 14 39 14 39s12.5-16.5 12.5-25.7C26.5 6.5 21 1 14 1Z"/>' +
  '<circle cx="14" cy="13.5" r="4.5" fill="#fff"/></svg>';

const icons = new Map<TMarkerLook, DivIcon>();

/** One shared icon per look; the tip of the pin sits on the position. */
export function markerIcon(look: TMarkerLook): DivIcon {
  let icon = icons.get(look);
  if (!icon) {
    const extra = look === "normal" ? "" : styles[look];
    icon = new DivIcon({
      className: [styles.marker, extra].filter(Boolean).join(" "),
      html: PIN,
      iconSize: [28, 40],
      iconAnchor: [14, 40],
      tooltipAnchor: [0, -38],
    });
    icons.set(look, icon);
  }
  return icon;
}
