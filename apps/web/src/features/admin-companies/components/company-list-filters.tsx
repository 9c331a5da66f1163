import { Group } from "@mantine/core";
import { COMPANY_STATUSES, type TCompanyStatus, ZCompanyStatusSchema } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { FilterSelect } from "../../../components/filter-select";
import { SearchInput } from "../../../components/search-input";
import { useListParams } from "../../../lib/router/use-list-params";

/** The list's search and status filter, kept in the URL (`q`, `status`, `page`). */
export function useCompanyListParams() {
  const { params, q, page, update } = useListParams();
  const status: TCompanyStatus | undefined = ZCompanyStatusSchema.safeParse(params.get("status")).data;
  return { q, status, page, update };
}

interface TCompanyListFiltersProps {
  searchLabel: string;
  /** The statuses this kind of company can have. */
  statuses?: readonly TCompanyStatus[];
}

export function CompanyListFilters({ searchLabel, statuses = COMPANY_STATUSES }: TCompanyListFiltersProps) {
  const { t } = useTranslation("adminCompanies");
  const { q, status, update } = useCompanyListParams();
  return (
    <Group align="flex-end" gap="sm" w={{ base: "100%", md: "auto" }}>
      <SearchInput value={q} onSearch={(next) => update({ q: next })} label={searchLabel} />
      <FilterSelect
        label={t("fields.status")}
        width={220}
        value={status}
        onChange={(value) => update({ status: value })}
        allLabel={t("filters.allStatuses")}
        options={statuses.map((value) => ({ value, label: t(`common:accountStatus.${value}`) }))}
      />
    </Group>
  );
}
