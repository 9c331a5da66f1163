/** "Sector › Sub-sector", or null without a place. */
export function placeOf(permit: { sector: { name: string } | null; subSector: { name: string } | null }) {
  return placeNamed(permit.sector?.name ?? null, permit.subSector?.name ?? null);
}

/** The same from the names alone (a list row has only them). */
export function placeNamed(sector: string | null, subSector: string | null) {
  if (!sector) return null;
  return subSector ? `${sector} › ${subSector}` : sector;
}
