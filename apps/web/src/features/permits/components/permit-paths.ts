import type { TArea } from "@openpermit/shared";

/** Contractors have the saved and sent lists; principal staff reach permits under `permit`. */
export const isContractorArea = (area: TArea | null) => area === "supplier" || area === "employee";

export const permitPaths = (area: TArea | null) => {
  const base = `/${area ?? ""}`;
  return {
    saved: `${base}/list-permis-saved`,
    sent: `${base}/list-permis-sent`,
    newRequest: `${base}/list-permis-saved/new`,
    /** Where a draft is edited (contractors). */
    edit: (id: string) => `${base}/list-permis-saved/${id}`,
    /** The principal's lists and its internal permits' form (new, then a draft or recheck again). */
    principalList: `${base}/permit`,
    internalNew: `${base}/i-permit`,
    internalEdit: (id: string) => `${base}/i-permit/${id}`,
    /** Where a permit is read. */
    view: (id: string) => (isContractorArea(area) ? `${base}/list-permis-sent/${id}` : `${base}/permit/${id}`),
    /** Where a permit of a list opens: a contractor's draft opens in the form. */
    open: (permit: { id: string; status: string }) =>
      isContractorArea(area) && (permit.status === "pending" || permit.status === "Recheck")
        ? `${base}/list-permis-saved/${permit.id}`
        : isContractorArea(area)
          ? `${base}/list-permis-sent/${permit.id}`
          : `${base}/permit/${permit.id}`,
  };
};
