import type { TSitePermit } from "@openpermit/shared";

/**
 * A place's pin on the live map, by the most urgent of its permits: stopped or overdue work first (attention), then
 * work in progress (live), then permits of today not started yet (planned); a place with none is idle.
 */
export type TPinTone = "attention" | "live" | "planned" | "idle";

export function toneOf(permits: readonly TSitePermit[]): TPinTone {
  if (permits.some((p) => p.suspended || p.overdue)) return "attention";
  if (permits.some((p) => p.status === "In_progress")) return "live";
  return permits.length > 0 ? "planned" : "idle";
}

/** The permits of each sub-sector, and those of the whole sector (no sub-sector) under `null`. */
export function permitsByPlace(permits: readonly TSitePermit[]): Map<string | null, TSitePermit[]> {
  const byPlace = new Map<string | null, TSitePermit[]>();
  for (const permit of permits) {
    const list = byPlace.get(permit.subSectorId) ?? [];
    list.push(permit);
    byPlace.set(permit.subSectorId, list);
  }
  return byPlace;
}
