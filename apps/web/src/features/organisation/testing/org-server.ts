import type { TDeadEnd, TDivision, TManager, TPermissionsMatrix, TSector, TSubSector } from "@openpermit/shared";
import { fakeServer, type TFakeAnswer, type TFakeRequest } from "../../../test/fake-api";
import { fakeToken } from "../../../test/tokens";

/** Ids must be UUIDs: the shared schemas check the ones forms send. */
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
export const ENTERPRISE_ID = uuid(1);
export const SUPER_ID = uuid(2);
export const NORTH = uuid(10);
const CREATED = "2026-11-20T08:30:00.000Z";

export const enterpriseToken = () => fakeToken({ role: "Enterprise", id: ENTERPRISE_ID, email: "ent@x.io" });
export const superToken = () => fakeToken({ role: "SuperResponsible", id: SUPER_ID, email: "sam@x.io" });

export function division(id: string, name: string, counts: Partial<TDivision> = {}): TDivision {
  return {
    id,
    name,
    description: `${name} site`,
    address: "1 Quay Road",
    province: "Rhône",
    postalCode: "69001",
    country: "France",
    createdAt: CREATED,
    sectorCount: 0,
    peopleCount: 0,
    ...counts,
  };
}

export function sector(id: string, name: string, number: number, withMap = false): TSector {
  return {
    id,
    name,
    number,
    gatheringPoint: "Main gate",
    division: { id: NORTH, name: "North Plant" },
    map: withMap
      ? { url: `/api/sectors/${id}/map?v=1`, width: 800, height: 600, contentType: "image/png", updatedAt: CREATED }
      : null,
    subSectorCount: 0,
    createdAt: CREATED,
  };
}

export function manager(id: string, name: string, status: TManager["status"] = "active"): TManager {
  return {
    id,
    name,
    email: `${name.split(" ")[0]!.toLowerCase()}@x.io`,
    phone: "+33 6 12 34 56 78",
    role: "Responsible",
    status,
    division: { id: NORTH, name: "North Plant" },
    createdAt: CREATED,
  };
}

export interface TOrgState {
  divisions: TDivision[];
  sectors: TSector[];
  subSectors: TSubSector[];
  managers: TManager[];
  matrix: TPermissionsMatrix;
  deadEnds: TDeadEnd[];
}

type THandler = (request: TFakeRequest, state: TOrgState) => TFakeAnswer | undefined;

const page = <T>(data: T[]) => ({ status: 200, data: { data, page: 1, pageSize: 100, total: data.length } });

/**
 * An in-memory organisation API for page tests: lists answer from `state`; `handle` answers first
 * (writes, refusals). Profiles: the enterprise, and a super-responsible of North Plant.
 */
export function orgServer(initial: Partial<TOrgState> = {}, handle: THandler = () => undefined) {
  const state: TOrgState = {
    divisions: [],
    sectors: [],
    subSectors: [],
    managers: [],
    matrix: { managers: [], sectors: [], cells: [] },
    deadEnds: [],
    ...initial,
  };
  const calls = fakeServer(state, handle, ({ method, url, params }) => {
    if (url === `/Enterprise/${ENTERPRISE_ID}`) {
      return { status: 200, data: { data: { id: ENTERPRISE_ID, name: "Eve", email: "ent@x.io", role: "Enterprise" } } };
    }
    if (url === `/SuperResponsible/${SUPER_ID}`) {
      const parent = { id: NORTH, name: "North Plant", enterpriseId: uuid(3), enterpriseName: "Rhône Refinery" };
      return {
        status: 200,
        data: { data: { id: SUPER_ID, name: "Sam", email: "sam@x.io", role: "SuperResponsible", division: parent } },
      };
    }
    if (method !== "GET") return { status: 500 };
    if (url === "/divisions") return page(state.divisions);
    if (url === "/sectors") return page(state.sectors);
    if (url.startsWith("/sectors/")) {
      const found = state.sectors.find((item) => item.id === url.split("/")[2]);
      return found ? { status: 200, data: { data: found } } : { status: 404 };
    }
    if (url === "/sub-sectors") return page(state.subSectors.filter((item) => item.sectorId === params.sectorId));
    if (url === "/managers") return page(state.managers.filter((item) => item.role === params.role));
    if (url === "/permissions") return { status: 200, data: { data: state.matrix } };
    if (url === "/permissions/dead-ends") return { status: 200, data: { data: state.deadEnds } };
    return { status: 404 };
  });
  return { calls, state, writes: () => calls.filter((call) => call.method !== "GET") };
}
