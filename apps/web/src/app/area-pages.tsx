import { AREA_PATHS, detailPath, type TArea } from "@openpermit/shared";
import {
  type Icon,
  IconAlertTriangle,
  IconBuildingFactory2,
  IconCertificate,
  IconChartBar,
  IconChecklist,
  IconClipboardList,
  IconFileCheck,
  IconFilePlus,
  IconFilter,
  IconGauge,
  IconHelmet,
  IconHierarchy2,
  IconIdBadge2,
  IconLayoutDashboard,
  IconListDetails,
  IconMap2,
  IconMapPin,
  IconSend,
  IconTool,
  IconTruck,
  IconUserCog,
  IconUserShield,
  IconUsers,
  IconWorld,
} from "@tabler/icons-react";
import type { RouteObject } from "react-router";
import type { TCapability } from "../components/placeholder-page";
import { lazyPage, withTimeout } from "./lazy-page";

interface TAreaPageBase {
  /** Path under the area, exactly as docs/domain.md, Routes lists it. */
  path: string;
  /** Key under `pages.` in the common namespace. */
  titleKey: string;
  /** Shown in the area's navbar (detail pages and the profile are reached otherwise). */
  icon?: Icon;
}

/** A working screen (`lazy`), or the placeholder of the capability that will fill it. */
export type TAreaPage = TAreaPageBase &
  ({ lazy: NonNullable<RouteObject["lazy"]>; capability?: never } | { capability: TCapability; lazy?: never });

const profile: TAreaPage = {
  path: AREA_PATHS.profile,
  titleKey: "profile",
  lazy: lazyPage(() => import("../features/profile/pages/profile-page"), "ProfilePage"),
};

const divisionsPage: TAreaPage = {
  path: AREA_PATHS.divisions,
  titleKey: "divisions",
  icon: IconHierarchy2,
  lazy: lazyPage(() => import("../features/organisation/pages/divisions-page"), "DivisionsPage"),
};
const sectorsLazy = lazyPage(() => import("../features/organisation/pages/sectors-page"), "SectorsPage");
const subSectorsLazy = lazyPage(() => import("../features/organisation/pages/sub-sectors-page"), "SubSectorsPage");
const managersLazy = lazyPage(() => import("../features/organisation/pages/managers-page"), "ManagersPage");
/** One screen for both areas; it reads the area's scope from the session. */
const sectorsPage = (path: string): TAreaPage => ({ path, titleKey: "sectors", icon: IconMap2, lazy: sectorsLazy });
const subSectorsPage = (path: string): TAreaPage => ({
  path,
  titleKey: "subSectors",
  icon: IconMapPin,
  lazy: subSectorsLazy,
});
const managersPage = (path: string, titleKey: string, icon: Icon): TAreaPage => ({
  path,
  titleKey,
  icon,
  lazy: managersLazy,
});

const dashboard: TAreaPage = {
  path: AREA_PATHS.dashboard,
  titleKey: "dashboard",
  icon: IconLayoutDashboard,
  lazy: lazyPage(() => import("../features/dashboard/pages/dashboard-page"), "DashboardPage"),
};
const statistics: TAreaPage = {
  path: AREA_PATHS.statistics,
  titleKey: "statistics",
  icon: IconChartBar,
  lazy: lazyPage(() => import("../features/statistics/pages/statistics-page"), "StatisticsPage"),
};
const contractors: TAreaPage = {
  path: AREA_PATHS.contractors,
  titleKey: "contractors",
  icon: IconTruck,
  lazy: lazyPage(() => import("../features/contractors/pages/contractors-page"), "ContractorsPage"),
};
const complianceOverview: TAreaPage = {
  path: AREA_PATHS.compliance,
  titleKey: "compliance",
  icon: IconFileCheck,
  lazy: lazyPage(() => import("../features/compliance/pages/compliance-overview-page"), "ComplianceOverviewPage"),
};
/** The principal's queue of compliance evidence to accept or refuse (the overview links to it too). */
const complianceReview: TAreaPage = {
  path: AREA_PATHS.complianceReview,
  titleKey: "complianceReview",
  icon: IconChecklist,
  lazy: lazyPage(() => import("../features/compliance/pages/evidence-review-page"), "EvidenceReviewPage"),
};
const contractorProfile: TAreaPage = {
  path: AREA_PATHS.contractorProfile,
  titleKey: "contractorProfile",
  lazy: lazyPage(() => import("../features/contractors/pages/contractor-profile-page"), "ContractorProfilePage"),
};
const demandsLazy = lazyPage(() => import("../features/demands/pages/demands-page"), "DemandsPage");
/** One screen for the principal's `demand` and the supplier's `demandlist`; it reads the side from the session. */
const requests: TAreaPage = {
  path: AREA_PATHS.requests,
  titleKey: "requests",
  icon: IconClipboardList,
  lazy: demandsLazy,
};
const riskAssignment: TAreaPage = {
  path: AREA_PATHS.riskAssignment,
  titleKey: "riskAssignment",
  icon: IconAlertTriangle,
  lazy: lazyPage(() => import("../features/risks/pages/assign-risk-page"), "AssignRiskPage"),
};
const riskMatrix: TAreaPage = {
  path: AREA_PATHS.riskMatrix,
  titleKey: "riskMatrix",
  icon: IconGauge,
  lazy: lazyPage(() => import("../features/risks/pages/risk-matrix-page"), "RiskMatrixPage"),
};
const savedPermits: TAreaPage = {
  path: AREA_PATHS.savedPermits,
  titleKey: "savedPermits",
  icon: IconListDetails,
  lazy: lazyPage(() => import("../features/permits/pages/permit-list-page"), "SavedPermitsPage"),
};
const sentPermits: TAreaPage = {
  path: AREA_PATHS.sentPermits,
  titleKey: "sentPermits",
  icon: IconSend,
  lazy: lazyPage(() => import("../features/permits/pages/permit-list-page"), "SentPermitsPage"),
};
const permitPageLazy = lazyPage(() => import("../features/permits/pages/permit-page"), "PermitPage");
/**
 * Nested detail paths of the listed permit pages (docs/domain.md, Where each screen lives), no navbar entry. `list-permis-saved/:id` is
 * also "new": one route, so the form stays mounted when its first save puts the draft's id in the URL.
 */
const permitForm: TAreaPage = {
  path: detailPath(AREA_PATHS.savedPermits),
  titleKey: "savedPermits",
  lazy: lazyPage(() => import("../features/permits/pages/permit-form-page"), "PermitFormPage"),
};
const sentPermit: TAreaPage = {
  path: detailPath(AREA_PATHS.sentPermits),
  titleKey: "sentPermits",
  lazy: permitPageLazy,
};
const principalPermit: TAreaPage = { path: detailPath(AREA_PATHS.permits), titleKey: "permits", lazy: permitPageLazy };
const principalListsLazy = (name: "PrincipalPermitsPage" | "AllPermitsPage" | "FilteredPermitsPage") =>
  lazyPage(() => import("../features/permits/pages/principal-permits-page"), name);
/** Principal staff: all they may see (a Responsible's "to do" first), and the same list opened with filters. */
const permits: TAreaPage = {
  path: AREA_PATHS.permits,
  titleKey: "permits",
  icon: IconFileCheck,
  lazy: principalListsLazy("PrincipalPermitsPage"),
};
const allPermits: TAreaPage = {
  path: AREA_PATHS.allPermits,
  titleKey: "allPermits",
  icon: IconListDetails,
  lazy: principalListsLazy("AllPermitsPage"),
};
const filtered: TAreaPage = {
  path: AREA_PATHS.filteredPermits,
  titleKey: "filteredPermits",
  icon: IconFilter,
  lazy: principalListsLazy("FilteredPermitsPage"),
};
/**
 * An internal permit: `i-permit` is a new one, `i-permit/:id` a draft or recheck again. Both render the same
 * component, so the form stays mounted (with its uploads) when the first save puts the id in the URL.
 */
const internalFormLazy = lazyPage(() => import("../features/permits/pages/permit-form-page"), "InternalPermitFormPage");
const internalPermit: TAreaPage = {
  path: AREA_PATHS.internalPermit,
  titleKey: "internalPermit",
  icon: IconFilePlus,
  lazy: internalFormLazy,
};
const internalPermitForm: TAreaPage = {
  path: detailPath(AREA_PATHS.internalPermit),
  titleKey: "internalPermit",
  lazy: internalFormLazy,
};

/** A worker's card: the employee's own, and the supplier's employee's under its list (no navbar entry). */
const workerCardLazy = lazyPage(() => import("../features/worker-card/pages/worker-card-page"), "WorkerCardPage");
const ownWorkerCard: TAreaPage = {
  path: AREA_PATHS.workerCard,
  titleKey: "workerCard",
  icon: IconIdBadge2,
  lazy: workerCardLazy,
};
const employeeCard: TAreaPage = { path: detailPath(AREA_PATHS.employees), titleKey: "employees", lazy: workerCardLazy };

/** The route set of each area (docs/domain.md, Routes), in navbar order. */
export const AREA_PAGES: Record<TArea, TAreaPage[]> = {
  enterprise: [
    dashboard,
    statistics,
    divisionsPage,
    sectorsPage(AREA_PATHS.sectors),
    subSectorsPage(AREA_PATHS.subSectors),
    managersPage(AREA_PATHS.superResponsibles, "onSiteManagers", IconUserShield),
    {
      path: AREA_PATHS.generalWorkTypes,
      titleKey: "generalWorkTypes",
      icon: IconTool,
      lazy: lazyPage(() => import("../features/risks/pages/work-types-page"), "GeneralWorkTypesPage"),
    },
    {
      path: AREA_PATHS.procedureWorkTypes,
      titleKey: "procedureWorkTypes",
      icon: IconCertificate,
      lazy: lazyPage(() => import("../features/risks/pages/work-types-page"), "ProcedureWorkTypesPage"),
    },
    riskAssignment,
    riskMatrix,
    contractors,
    contractorProfile,
    complianceOverview,
    complianceReview,
    requests,
    permits,
    principalPermit,
    internalPermit,
    internalPermitForm,
    filtered,
    profile,
  ],
  responsible: [
    dashboard,
    statistics,
    permits,
    principalPermit,
    allPermits,
    internalPermit,
    internalPermitForm,
    filtered,
    requests,
    contractors,
    contractorProfile,
    profile,
  ],
  supplier: [
    dashboard,
    {
      path: AREA_PATHS.employees,
      titleKey: "employees",
      icon: IconUsers,
      lazy: lazyPage(() => import("../features/employees/pages/employees-page"), "EmployeesPage"),
    },
    employeeCard,
    { ...requests, path: AREA_PATHS.supplierRequests },
    {
      path: AREA_PATHS.compliance,
      titleKey: "compliance",
      icon: IconFileCheck,
      lazy: lazyPage(() => import("../features/compliance/pages/supplier-compliance-page"), "SupplierCompliancePage"),
    },
    savedPermits,
    permitForm,
    sentPermits,
    sentPermit,
    profile,
    {
      path: AREA_PATHS.externalProfile,
      titleKey: "companyPage",
      icon: IconWorld,
      lazy: lazyPage(
        () => import("../features/supplier-company/pages/supplier-external-profile-page"),
        "SupplierExternalProfilePage",
      ),
    },
  ],
  employee: [dashboard, savedPermits, permitForm, sentPermits, sentPermit, ownWorkerCard, profile],
  superresponsible: [
    dashboard,
    statistics,
    sectorsPage(AREA_PATHS.zones),
    subSectorsPage(AREA_PATHS.subZones),
    managersPage(AREA_PATHS.responsibles, "permitManagers", IconUserCog),
    riskAssignment,
    riskMatrix,
    contractors,
    contractorProfile,
    complianceOverview,
    complianceReview,
    requests,
    permits,
    principalPermit,
    internalPermit,
    internalPermitForm,
    filtered,
    profile,
  ],
  admin: [
    {
      path: AREA_PATHS.dashboard,
      titleKey: "dashboard",
      icon: IconLayoutDashboard,
      lazy: lazyPage(() => import("../features/admin-demands/pages/admin-dashboard-page"), "AdminDashboardPage"),
    },
    {
      path: AREA_PATHS.adminRequests,
      titleKey: "requests",
      icon: IconClipboardList,
      lazy: lazyPage(() => import("../features/admin-demands/pages/demands-page"), "DemandsPage"),
    },
    {
      path: AREA_PATHS.enterprises,
      titleKey: "enterprises",
      icon: IconBuildingFactory2,
      lazy: lazyPage(() => import("../features/admin-companies/pages/enterprises-page"), "AdminEnterprisesPage"),
    },
    {
      path: AREA_PATHS.enterpriseProfile,
      titleKey: "enterpriseProfile",
      lazy: lazyPage(
        () => import("../features/admin-companies/pages/enterprise-profile-page"),
        "AdminEnterpriseProfilePage",
      ),
    },
    {
      path: AREA_PATHS.contractors,
      titleKey: "contractors",
      icon: IconTruck,
      lazy: lazyPage(() => import("../features/admin-companies/pages/suppliers-page"), "AdminSuppliersPage"),
    },
    {
      path: AREA_PATHS.contractorProfile,
      titleKey: "contractorProfile",
      lazy: lazyPage(
        () => import("../features/admin-companies/pages/supplier-profile-page"),
        "AdminSupplierProfilePage",
      ),
    },
    {
      path: AREA_PATHS.epis,
      titleKey: "protectiveEquipment",
      icon: IconHelmet,
      lazy: lazyPage(() => import("../features/risks/pages/epis-page"), "EpisPage"),
    },
    profile,
  ],
};

/** The route of one area page: its own screen, or the shared placeholder with its title. */
export function routeOfPage(page: TAreaPage): RouteObject {
  if (page.lazy) return { path: page.path, lazy: page.lazy };
  const { capability } = page;
  return {
    path: page.path,
    lazy: async () => {
      const { PlaceholderPage } = await withTimeout(() => import("../components/placeholder-page"));
      return { element: <PlaceholderPage titleKey={page.titleKey} capability={capability} /> };
    },
  };
}
