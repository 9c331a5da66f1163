import {
  permitFigureFilters,
  type TArea,
  type TContractorPermitFigure,
  type TDashboard,
  type TPrincipalPermitFigure,
} from "@openpermit/shared";

/** A query string with readable commas (`status=sended,Confirmed`): the lists read both forms. */
const queryString = (params: Record<string, string>) => new URLSearchParams(params).toString().replaceAll("%2C", ",");

/**
 * Where a permit figure leads: principal staff's `filtred` list with the figure's filters; a contractor's saved
 * or sent list (chosen by the figure's view) with its status.
 */
export function permitFigureLink(
  area: TArea,
  dashboard: TDashboard,
  figure: TPrincipalPermitFigure | TContractorPermitFigure,
): string {
  const filters = permitFigureFilters(figure, dashboard.side, dashboard);
  if (dashboard.side === "principal") return `/${area}/filtred?${queryString(filters)}`;
  const { view, ...rest } = filters;
  return `/${area}/${view === "saved" ? "list-permis-saved" : "list-permis-sent"}?${queryString(rest)}`;
}

export const contractorsLink = (area: TArea) => `/${area}/suppliers?status=affiliated`;
/** The credits' summary is on the profile page of principal staff. */
export const creditsLink = (area: TArea) => `/${area}/profile`;
