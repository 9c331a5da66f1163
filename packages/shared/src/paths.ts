import { AREA_DEFAULT_PAGE, type TArea } from "./auth/roles";

/**
 * Every page of the web app under its area (`/<area>/<path>`), spelled exactly as docs/domain.md, Routes lists them: the
 * route table, the links between pages and the links in notifications all read them here. They are binding
 * (bookmarks, mailed links), so a value never changes.
 */
export const AREA_PATHS = {
  dashboard: AREA_DEFAULT_PAGE,
  statistics: "statistics",
  profile: "profile",
  /** A supplier's page as the enterprises see it. */
  externalProfile: "profile/external",
  divisions: "division",
  /** The enterprise's sectors and sub-sectors; a super-responsible's are its zones and sub-zones. */
  sectors: "secteurs",
  subSectors: "soussecteurs",
  zones: "zones",
  subZones: "subzone",
  /** The enterprise's on-site managers (super-responsibles); a super-responsible's permit managers. */
  superResponsibles: "superResponsible",
  responsibles: "responsable",
  generalWorkTypes: "general-work-type",
  procedureWorkTypes: "procedure-work-type",
  riskAssignment: "assigne-risk",
  riskMatrix: "criticality",
  contractors: "suppliers",
  contractorProfile: "suppliers/profile",
  /** Affiliation requests: the principal's `demand`, the supplier's `demandlist`; the admin's account requests. */
  requests: "demand",
  supplierRequests: "demandlist",
  adminRequests: "demands",
  employees: "employeelist",
  /** A contractor's permits: drafts (and the form, `list-permis-saved/:id`), then those sent (`…/:id`). */
  savedPermits: "list-permis-saved",
  sentPermits: "list-permis-sent",
  /** Principal staff's permits (`permit/:id` reads one), all of them, the filtered list, internal permits. */
  permits: "permit",
  allPermits: "permis-list",
  filteredPermits: "filtred",
  internalPermit: "i-permit",
  enterprises: "enterprises",
  enterpriseProfile: "enterprises/profile",
  epis: "epis",
  /** A worker's card: the worker's own (`card`); the supplier's employees' under `employeelist/:id`. */
  workerCard: "card",
  /**
   * Contractor compliance: the supplier's own documents and its workers' certificates; the principal's view of every
   * contractor and worker (what is valid, expiring, missing), and (`compliance/review`) the evidence waiting for review.
   */
  compliance: "compliance",
  complianceReview: "compliance/review",
} as const;

/** A page of an area as a link: `/<area>/<path>`. */
export const areaPath = (area: TArea, path: string) => `/${area}/${path}`;

/** The route path of a page's detail: `<path>/:id`. */
export const detailPath = (path: string) => `${path}/:id`;

/** The pages outside the areas, under `/auth`, that work signed out. */
export const AUTH_PATHS = {
  root: "auth",
  signIn: "sign-in",
  signInDefault: "sign-in/default",
  signUp: "sign-up",
  reset: "reset",
  completeAccount: "Complete-Account",
  confirmAccount: "Confirm-account",
  completeSupplier: "complete/supplier",
  /** A printed permit's QR code. */
  permitCheck: "permit-check/:token",
  /** A worker's card's QR code. */
  workerCardCheck: "worker-card/:token",
} as const;

/** A page under `/auth` as a link. */
export const authPath = (path: string) => `/${AUTH_PATHS.root}/${path}`;

/** The page a printed permit's QR code opens, as a link. */
export const permitCheckPath = (token: string) => authPath(AUTH_PATHS.permitCheck.replace(":token", token));

/** The page a worker's card's QR code opens, as a link. */
export const workerCardCheckPath = (token: string) => authPath(AUTH_PATHS.workerCardCheck.replace(":token", token));

/** Contractors have the saved and sent lists; principal staff reach permits under `permit`. */
export const isContractorArea = (area: TArea | null) => area === "supplier" || area === "employee";

/** The permit pages of an area, as links. */
export const permitPaths = (area: TArea | null) => {
  const base = `/${area ?? ""}`;
  const saved = `${base}/${AREA_PATHS.savedPermits}`;
  const sent = `${base}/${AREA_PATHS.sentPermits}`;
  const principal = `${base}/${AREA_PATHS.permits}`;
  const internal = `${base}/${AREA_PATHS.internalPermit}`;
  /** Where a permit is read. */
  const view = (id: string) => (isContractorArea(area) ? `${sent}/${id}` : `${principal}/${id}`);
  return {
    saved,
    sent,
    newRequest: `${saved}/new`,
    /** Where a draft is edited (contractors). */
    edit: (id: string) => `${saved}/${id}`,
    /** The principal's lists and its internal permits' form (new, then a draft or recheck again). */
    principalList: principal,
    internalNew: internal,
    internalEdit: (id: string) => `${internal}/${id}`,
    view,
    /** Where a permit of a list opens: a contractor's draft opens in the form. */
    open: (permit: { id: string; status: string }) =>
      isContractorArea(area) && (permit.status === "pending" || permit.status === "Recheck")
        ? `${saved}/${permit.id}`
        : view(permit.id),
  };
};
