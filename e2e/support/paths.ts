import { AREA_PATHS, type TArea } from "@openpermit/shared";

export type TAreaPage = keyof typeof AREA_PATHS;

/** A page of an area as the app links it (`/<area>/<page>`, packages/shared's AREA_PATHS), with an optional query. */
export const areaPath = (area: TArea, page: TAreaPage, query?: string) =>
  `/${area}/${AREA_PATHS[page]}${query ? `?${query}` : ""}`;
