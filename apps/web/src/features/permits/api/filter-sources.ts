import { useQuery } from "@tanstack/react-query";
import { fetchAllPages } from "../../../lib/api/fetch-all-pages";
import { listContractors } from "../../contractors/api/list-contractors";
import { contractorKeys } from "../../contractors/api/query-keys";

/**
 * The principal list's filter choices that the request form does not already read (sectors, work types and
 * the matrix's levels come from form-sources with the caller's own enterprise; divisions from organisation).
 */

/** Every contractor of the enterprise (affiliated or detached: a detached one's permits stay listed). */
export function useAllContractors() {
  return useQuery({
    queryKey: [...contractorKeys.lists, "all"],
    queryFn: () => fetchAllPages((page, pageSize) => listContractors({ page, pageSize })),
  });
}
