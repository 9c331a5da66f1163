import type { TSupplierCompany, TSupplierCompanyUpdate } from "@openpermit/shared";

export interface TCompanyFormValues extends Record<string, unknown> {
  name: string;
  phone: string;
  address: string;
  website: string;
}

export function companyFormValues(company: TSupplierCompany): TCompanyFormValues {
  return {
    name: company.name,
    phone: company.phone ?? "",
    address: company.address ?? "",
    website: company.website ?? "",
  };
}

/** What the parsed form would change; an emptied optional field is sent as null (the server clears it). */
export function companyChanges(
  company: TSupplierCompany,
  parsed: { name?: string; phone?: string | null; address?: string | null; website?: string | null },
): TSupplierCompanyUpdate {
  const changes: TSupplierCompanyUpdate = {};
  if (parsed.name !== undefined && parsed.name !== company.name) changes.name = parsed.name;
  for (const field of ["phone", "address", "website"] as const) {
    const value = parsed[field] || null;
    if (value !== company[field]) changes[field] = value;
  }
  return changes;
}
