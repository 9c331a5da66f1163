import type { TCompanyPage } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { LogoUploadField } from "../../../components/logo-upload-field";
import { useCompanyLogoImage, useRemoveCompanyLogo, useUploadCompanyLogo } from "../api/company-page";

/** The enterprise's logo on its company page. */
export function CompanyLogoField({ page }: { page: TCompanyPage }) {
  const { t } = useTranslation("companyPage");
  return (
    <LogoUploadField
      namespace="companyPage"
      stored={useCompanyLogoImage(page.logo?.url)}
      storedAlt={t("view.logoAlt", { name: page.name })}
      hasStored={page.logo !== null}
      upload={useUploadCompanyLogo()}
      remove={useRemoveCompanyLogo()}
      testId="company-page-logo-input"
    />
  );
}
