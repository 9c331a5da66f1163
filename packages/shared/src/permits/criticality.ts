/**
 * A permit's criticality level (docs/safety.md, "Criticality cannot be under-rated"): the highest of its probability × severity cell and
 * the minimum levels its risks and specific critical risks carry, so that naming "Live electrical work" can never
 * leave a permit rated Low. One pure function: the server keeps its answer at the send and at a re-rate, the
 * permit form shows it live, saying which risk raised it.
 */

/** A level of the enterprise's matrix; the matrix's order of levels is their order of gravity (lowest first). */
export interface TLevelLike {
  id: string;
}

/** A risk or specific critical risk the permit names, with the minimum level it carries (null: none). */
export interface TLevelMinimum {
  kind: "risk" | "specificRisk";
  id: string;
  name: string;
  minLevelId: string | null;
}

export interface TPermitLevel<L extends TLevelLike> {
  level: L;
  /** The level of the matrix cell alone. */
  cellLevel: L;
  /** The named risks whose minimum is the answer and is above the cell's level (empty: the cell decided). */
  raisedBy: TLevelMinimum[];
}

/**
 * The permit's level: `levels` in the matrix's order (lowest first), the cell's level id, the named risks'
 * minimums. Undefined when the cell's level is not in `levels` (no matrix, or an incomplete rating). A minimum
 * naming a level no longer in the matrix is ignored (deleting a level clears the minimums that named it).
 */
export function permitLevel<L extends TLevelLike>(
  levels: readonly L[],
  cellLevelId: string | null | undefined,
  minimums: readonly TLevelMinimum[],
): TPermitLevel<L> | undefined {
  const rank = new Map(levels.map((level, index) => [level.id, index]));
  const cellRank = cellLevelId ? rank.get(cellLevelId) : undefined;
  if (cellRank === undefined) return undefined;
  let top = cellRank;
  for (const minimum of minimums) {
    const r = minimum.minLevelId ? rank.get(minimum.minLevelId) : undefined;
    if (r !== undefined && r > top) top = r;
  }
  const raisedBy = top > cellRank ? minimums.filter((m) => m.minLevelId && rank.get(m.minLevelId) === top) : [];
  return { level: levels[top]!, cellLevel: levels[cellRank]!, raisedBy };
}
