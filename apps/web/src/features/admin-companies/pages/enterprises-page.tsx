import { useTranslation } from "react-i18next";
import { useAdminEnterprises } from "../api/list-enterprises";
import { useCompanyListParams } from "../components/company-list-filters";
import { COMPANY_PAGE_SIZE, CompanyListPage } from "../components/company-list-page";
import { EnterpriseList } from "../components/enterprise-list";

/** `/admin/enterprises`: every principal company with its counts; open one, disable or enable it. */
export function AdminEnterprisesPage() {
  const { t } = useTranslation("adminCompanies");
  const { q, status, page } = useCompanyListParams();
  const enterprises = useAdminEnterprises({ q, status, page, pageSize: COMPANY_PAGE_SIZE });
  return (
    <CompanyListPage
      title={t("common:pages.enterprises")}
      description={t("enterprises.description")}
      searchLabel={t("enterprises.search")}
      query={enterprises}
      empty={{ title: t("enterprises.empty"), description: t("enterprises.emptyText") }}
      renderList={(rows) => <EnterpriseList enterprises={rows} />}
    />
  );
}
