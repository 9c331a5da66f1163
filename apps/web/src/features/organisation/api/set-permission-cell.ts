import type { TMatrixRole, TPermissionsMatrix } from "@openpermit/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { permissionsKey } from "./get-permissions";
import { withCellRole } from "./matrix-cells";
import { organisationKeys } from "./query-keys";

export interface TPermissionCell {
  managerId: string;
  sectorId: string;
  role: TMatrixRole;
}

/** PUT /api/permissions/cell: sets one cell (`none` clears it). */
export async function setPermissionCell(cell: TPermissionCell): Promise<void> {
  await api.put("/permissions/cell", cell);
}

/**
 * Saves one cell and writes it into the cached matrix once the server agreed. The cell shows the new
 * role meanwhile (see MatrixCell); nothing else of the matrix is refetched.
 */
export function useSetPermissionCell(divisionId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPermissionCell,
    onSuccess: (_answer, cell) => {
      queryClient.setQueryData<TPermissionsMatrix>(permissionsKey(divisionId), (matrix) =>
        matrix ? withCellRole(matrix, cell) : matrix,
      );
      // A cell may open or close a dead end: the warnings are read again.
      void queryClient.invalidateQueries({ queryKey: organisationKeys.deadEnds });
    },
  });
}
