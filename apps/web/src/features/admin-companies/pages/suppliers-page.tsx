import { useTranslation } from "react-i18next";
import { useAdminSuppliers } from "../api/list-suppliers";
import { useCompanyListParams } from "../components/company-list-filters";
import { COMPANY_PAGE_SIZE, CompanyListPage } from "../components/company-list-page";
import { SupplierList } from "../components/supplier-list";

/** `/admin/suppliers`: every contractor company on the platform, with their counts; disable or enable one. */
export function AdminSuppliersPage() {
  const { t } = useTranslation("adminCompanies");
  const { q, status, page } = useCompanyListParams();
  const suppliers = useAdminSuppliers({ q, status, page, pageSize: COMPANY_PAGE_SIZE });
  return (
    <CompanyListPage
      title={t("common:pages.contractors")}
      description={t("suppliers.description")}
      searchLabel={t("suppliers.search")}
      statuses={["pending_confirmation", "active", "disabled"]}
      query={suppliers}
      empty={{ title: t("suppliers.empty"), description: t("suppliers.emptyText") }}
      renderList={(rows) => <SupplierList suppliers={rows} />}
    />
  );
}
