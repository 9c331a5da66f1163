/** "Sector › Sub-sector", or null without a place. */
export function placeOf(permit: { sector: { name: string } | null; subSector: { name: string } | null }) {
  if (!permit.sector) return null;
  return permit.subSector ? `${permit.sector.name} › ${permit.subSector.name}` : permit.sector.name;
}
