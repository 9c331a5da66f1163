import i18next, { type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import enAdmin from "../../public/locales/en/admin.json";
import enAdminCompanies from "../../public/locales/en/adminCompanies.json";
import enAudit from "../../public/locales/en/audit.json";
import enAuth from "../../public/locales/en/auth.json";
import enCalendar from "../../public/locales/en/calendar.json";
import enCommon from "../../public/locales/en/common.json";
import enCompany from "../../public/locales/en/company.json";
import enCompanyPage from "../../public/locales/en/companyPage.json";
import enCompliance from "../../public/locales/en/compliance.json";
import enComplianceGates from "../../public/locales/en/complianceGates.json";
import enComplianceOverview from "../../public/locales/en/complianceOverview.json";
import enComplianceView from "../../public/locales/en/complianceView.json";
import enContractors from "../../public/locales/en/contractors.json";
import enCredits from "../../public/locales/en/credits.json";
import enDashboard from "../../public/locales/en/dashboard.json";
import enDemands from "../../public/locales/en/demands.json";
import enEmployees from "../../public/locales/en/employees.json";
import enErrors from "../../public/locales/en/errors.json";
import enIsolations from "../../public/locales/en/isolations.json";
import enNotifications from "../../public/locales/en/notifications.json";
import enOrganisation from "../../public/locales/en/organisation.json";
import enPermitCheck from "../../public/locales/en/permitCheck.json";
import enPermits from "../../public/locales/en/permits.json";
import enProfile from "../../public/locales/en/profile.json";
import enRisks from "../../public/locales/en/risks.json";
import enStatistics from "../../public/locales/en/statistics.json";
import enValidation from "../../public/locales/en/validation.json";
import { NAMESPACES } from "../lib/i18n/i18n-options";

/** The real English texts, loaded synchronously (no HTTP backend in jsdom). */
export function createTestI18n(): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: "en",
    fallbackLng: "en",
    ns: [...NAMESPACES],
    defaultNS: "common",
    initAsync: false,
    interpolation: { escapeValue: false },
    resources: {
      en: {
        common: enCommon,
        auth: enAuth,
        profile: enProfile,
        admin: enAdmin,
        organisation: enOrganisation,
        isolations: enIsolations,
        risks: enRisks,
        company: enCompany,
        companyPage: enCompanyPage,
        compliance: enCompliance,
        employees: enEmployees,
        adminCompanies: enAdminCompanies,
        contractors: enContractors,
        demands: enDemands,
        permits: enPermits,
        permitCheck: enPermitCheck,
        complianceView: enComplianceView,
        complianceOverview: enComplianceOverview,
        calendar: enCalendar,
        credits: enCredits,
        dashboard: enDashboard,
        notifications: enNotifications,
        statistics: enStatistics,
        audit: enAudit,
        complianceGates: enComplianceGates,
        errors: enErrors,
        validation: enValidation,
      },
    },
  });
  return instance;
}
