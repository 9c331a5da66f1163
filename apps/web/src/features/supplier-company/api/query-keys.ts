/** Query keys of the supplier's own company. */
export const supplierCompanyKeys = {
  all: ["supplier-company"] as const,
  company: () => [...supplierCompanyKeys.all, "company"] as const,
  logo: (url: string | null | undefined) => [...supplierCompanyKeys.all, "logo", url] as const,
};
