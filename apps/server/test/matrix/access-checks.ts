/**
 * The access/ function(s) behind each route's rule (apps/server/src/access), as docs/authorization-matrix.md names
 * them. Every route first passes `requireRoutePolicy` (its declared roles); these are the checks its service adds.
 * An exact "METHOD /api/url" key wins over the longest "/api/…" prefix; the test checks that every route driven
 * resolves to at least one name and that each name is exported by src/access/index.ts.
 */
const POLICY_ONLY = ["requireRoutePolicy"] as const;

const EXACT: Record<string, readonly string[]> = {
  "GET /api/:role/:id": ["canSeeProfile"],
  "GET /api/permits": ["permitPartyOf", "visiblePermits"],
  "GET /api/permits/export": ["permitPartyOf", "visiblePermits"],
  "GET /api/permits/calendar": ["permitPartyOf", "visiblePermits"],
  "POST /api/permits": ["permitPartyOf", "isAffiliated"],
  "PATCH /api/permits/:id": ["visiblePermits", "requireDraftEditor"],
  "DELETE /api/permits/:id": ["visiblePermits", "requireDraftCreator"],
  "POST /api/permits/:id/files": ["visiblePermits", "requireDraftEditor"],
  "DELETE /api/permits/:id/files/:fileId": ["visiblePermits", "requireDraftEditor"],
  "POST /api/permits/:id/duplicate": ["visiblePermits", "requireMayCreateFor"],
  "POST /api/permits/:id/rerate": ["permitPartyOf", "visiblePermits", "requireRerater"],
  "GET /api/crew-candidates": ["permitPartyOf"],
  "PUT /api/permits/:id/crew": ["permitPartyOf", "visiblePermits", "requireCrewChanger"],
  "POST /api/permits/:id/crew/:workerId/sign-on": ["permitPartyOf", "visiblePermits", "requireCrewSigner"],
  "POST /api/permits/:id/crew/:workerId/sign-off": ["permitPartyOf", "visiblePermits", "requireCrewSigner"],
  "POST /api/affiliations/invitations": ["principalEditorScope"],
  "POST /api/affiliations/requests": ["supplierAccountScope"],
  "GET /api/contractors": ["principalScope"],
  "GET /api/contractors/:id": ["principalScope"],
  "POST /api/contractors/:id/detach": ["principalEditorScope"],
  "POST /api/contractors/:id/reaffiliate": ["principalEditorScope"],
  "GET /api/principals": ["supplierScope"],
  "GET /api/enterprise-directory": ["supplierAccountScope"],
  "POST /api/demands/:id/approve": ["partyOf", "visibleDemand", "requireDemandAction"],
  "POST /api/demands/:id/deny": ["partyOf", "visibleDemand", "requireDemandAction"],
  "POST /api/demands/:id/cancel": ["partyOf", "visibleDemand", "requireDemandAction"],
  "GET /api/suppliers/:id/logo": ["logoVisibleTo"],
  "GET /api/supplier-company": ["supplierScope"],
  "GET /api/employees": ["supplierAccountScope"],
  "GET /api/enterprise/company": ["organisationScope"],
  "PUT /api/enterprise/company": ["organisationScope", "requireEnterprise"],
  "PUT /api/enterprise/company/logo": ["organisationScope", "requireEnterprise"],
  "DELETE /api/enterprise/company/logo": ["organisationScope", "requireEnterprise"],
  "GET /api/enterprise/permit-settings": ["organisationScope", "requireEnterprise"],
  "PUT /api/enterprise/permit-settings": ["organisationScope", "requireEnterprise"],
  "GET /api/credits": ["organisationScope"],
  "GET /api/sectors": ["readScope", "visibleSectors"],
  "GET /api/sectors/:id": ["readScope", "visibleSectors", "visibleSector"],
  "GET /api/sectors/:id/map": ["visibleSectors", "contractorEnterprises"],
  "GET /api/sub-sectors": ["readScope", "visibleSubSectors"],
  "GET /api/sub-sectors/:id": ["organisationScope", "visibleSubSectors", "visibleSubSector"],
  "GET /api/divisions": ["organisationScope", "visibleDivisions"],
  "GET /api/divisions/:id": ["organisationScope", "visibleDivision"],
  "GET /api/managers": ["editorScope", "managedBy"],
  "GET /api/managers/:id": ["editorScope", "managedManager"],
  "POST /api/managers": ["editorScope", "requireMayCreateManager", "assertDivisionVisible", "managedManager"],
  "GET /api/permissions": ["editorScope", "assertDivisionVisible"],
  "GET /api/risk-matrix": ["readScope", "mayEditRiskSetup"],
  "GET /api/risk-assignments": ["riskScope", "visiblePlace", "visibleWorkType", "mayEditRiskSetup"],
  "GET /api/risk-assignments/applicable": ["readScope", "visiblePlace", "visibleWorkType"],
  "GET /api/risk-matrix/criticality": ["readScope"],
  "PATCH /api/risk-matrix/settings": ["riskScope", "requireEnterprise"],
  "GET /api/enterprise-epis": ["readScope"],
  "PUT /api/enterprise-epis": ["riskScope", "requireEnterprise"],
};

const BY_PREFIX: Record<string, readonly string[]> = {
  "/api/admin": POLICY_ONLY,
  "/api/auth": POLICY_ONLY,
  "/api/health": POLICY_ONLY,
  "/api/ping": POLICY_ONLY,
  "/api/openapi.json": POLICY_ONLY,
  "/api/public": POLICY_ONLY,
  "/api/me": POLICY_ONLY,
  "/api/notifications": POLICY_ONLY,
  "/api/audit": ["requireEnterpriseCaller"],
  "/api/calendar-feed": ["permitPartyOf"],
  "/api/dashboard": ["permitPartyOf", "visiblePermits"],
  "/api/statistics": ["organisationScope", "assertDivisionVisible"],
  "/api/demands": ["partyOf", "demandsOf", "visibleDemand"],
  "/api/credits": ["organisationScope", "requireEnterprise"],
  "/api/employees": ["supplierAccountScope", "ownEmployee", "managedEmployee"],
  "/api/supplier-company": ["supplierScope", "requireSupplier"],
  "/api/enterprises": ["readScope"],
  "/api/divisions": ["organisationScope", "requireEnterprise", "visibleDivision"],
  "/api/sectors": ["organisationScope", "requireEditor", "assertDivisionVisible", "visibleSectors", "visibleSector"],
  "/api/sub-sectors": ["organisationScope", "requireEditor", "visibleSectors", "visibleSubSector"],
  "/api/managers": ["editorScope", "managedBy", "managedManager", "assertDivisionVisible"],
  "/api/permissions": ["editorScope", "assertDivisionVisible"],
  "/api/risk-matrix": ["riskScope", "requireRiskSetupEditor"],
  "/api/risk-assignments": ["riskScope", "requireRiskSetupEditor", "visiblePlace", "visibleWorkType"],
  "/api/epis": POLICY_ONLY,
  "/api/risks": ["readScope", "riskScope", "requireEnterprise", "enterpriseRisks", "visibleRisk"],
  "/api/work-types": ["readScope", "riskScope", "requireEnterprise", "enterpriseWorkTypes", "visibleWorkType"],
  "/api/specific-risks": [
    "readScope",
    "riskScope",
    "requireEnterprise",
    "contractorEnterprises",
    "enterpriseSpecificRisks",
    "visibleSpecificRisk",
  ],
  "/api/links": ["riskScope", "requireEnterprise"],
  "/api/permits/:id/history": ["permitPartyOf", "visiblePermits"],
  "/api/permits/:id/pdf": ["permitPartyOf", "visiblePermits"],
  "/api/permits/:id/files": ["permitPartyOf", "visiblePermits"],
  "/api/permits/:id": ["permitPartyOf", "visiblePermits", "refusePermitAction"],
};

/** The access/ function(s) behind one route's rule, or [] when none is named (the test then fails). */
export function accessChecksOf(key: string): readonly string[] {
  if (EXACT[key]) return EXACT[key];
  const url = key.slice(key.indexOf(" ") + 1);
  const prefix = Object.keys(BY_PREFIX)
    .filter((p) => url === p || url.startsWith(`${p}/`))
    .sort((x, y) => y.length - x.length)[0];
  return prefix ? BY_PREFIX[prefix]! : [];
}
