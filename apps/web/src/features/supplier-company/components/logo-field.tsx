import type { TSupplierCompany } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { LogoUploadField } from "../../../components/logo-upload-field";
import { useDeleteLogo } from "../api/delete-logo";
import { useLogoImage } from "../api/logo-image";
import { useUploadLogo } from "../api/upload-logo";

/** The contractor company's logo. */
export function LogoField({ company }: { company: TSupplierCompany }) {
  const { t } = useTranslation("company");
  return (
    <LogoUploadField
      namespace="company"
      stored={useLogoImage(company.logo?.url)}
      storedAlt={t("card.logoAlt", { name: company.name })}
      hasStored={company.logo !== null}
      upload={useUploadLogo()}
      remove={useDeleteLogo()}
      testId="company-logo-input"
    />
  );
}
