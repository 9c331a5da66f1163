import { useSession } from "../../../lib/session/session-context";
import { sessionArea } from "../../../lib/session/session-state";

export interface TOrgScope {
  /** The enterprise sees every division; a super-responsible only its own. */
  isEnterprise: boolean;
  /**
   * The super-responsible's division (from its profile): division selects are fixed to it. Null for
   * the enterprise, and for a super-responsible whose profile could not be loaded.
   */
  ownDivision: { id: string; name: string } | null;
  /** Where each organisation screen lives in the current area (docs/domain.md, Routes and Where each screen lives). */
  paths: { divisions: string | null; sectors: string; subSectors: string; managers: string };
}

const ENTERPRISE_PATHS = {
  divisions: "/enterprise/division",
  sectors: "/enterprise/secteurs",
  subSectors: "/enterprise/soussecteurs",
  managers: "/enterprise/superResponsible",
};

const SUPER_RESPONSIBLE_PATHS = {
  divisions: null,
  sectors: "/superresponsible/zones",
  subSectors: "/superresponsible/subzone",
  managers: "/superresponsible/responsable",
};

export function useOrgScope(): TOrgScope {
  const session = useSession();
  if (sessionArea(session) === "enterprise") {
    return { isEnterprise: true, ownDivision: null, paths: ENTERPRISE_PATHS };
  }
  const parent = session.parent;
  return {
    isEnterprise: false,
    ownDivision: parent ? { id: parent.id, name: parent.name } : null,
    paths: SUPER_RESPONSIBLE_PATHS,
  };
}
