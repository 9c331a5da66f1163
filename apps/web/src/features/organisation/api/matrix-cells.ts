import type { TMatrixRole, TPermissionsMatrix } from "@openpermit/shared";

const cellKey = (managerId: string, sectorId: string) => `${managerId}\u0000${sectorId}`;

/** Manager × sector → role, for reading cells in O(1); absent cells are `none`. */
export function indexCells(matrix: TPermissionsMatrix): Map<string, TMatrixRole> {
  return new Map(matrix.cells.map((cell) => [cellKey(cell.managerId, cell.sectorId), cell.role]));
}

export function roleAt(index: Map<string, TMatrixRole>, managerId: string, sectorId: string): TMatrixRole {
  return index.get(cellKey(managerId, sectorId)) ?? "none";
}

/** The matrix with one cell set (`none` removes it: the server lists only cells that are not `none`). */
export function withCellRole(
  matrix: TPermissionsMatrix,
  cell: { managerId: string; sectorId: string; role: TMatrixRole },
): TPermissionsMatrix {
  const others = matrix.cells.filter((c) => c.managerId !== cell.managerId || c.sectorId !== cell.sectorId);
  if (cell.role === "none") return { ...matrix, cells: others };
  return { ...matrix, cells: [...others, { managerId: cell.managerId, sectorId: cell.sectorId, role: cell.role }] };
}
