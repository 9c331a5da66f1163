import { epiName } from "@openpermit/shared";
import { useCurrentLanguage } from "./language";

type TNamedEpi = { name: string; nameFr: string };

/**
 * The EPI's name as the reader reads it (`epiName` in the UI language): its French name for a French reader when the
 * admin gave one, else its English name. `localised` hands back EPIs whose `name` is that one, for the lists shared
 * with risks that show `name`.
 */
export function useEpiName() {
  const language = useCurrentLanguage();
  const nameOf = (epi: TNamedEpi) => epiName(epi, language);
  const localised = <T extends TNamedEpi>(epis: readonly T[]): T[] =>
    epis.map((epi) => ({ ...epi, name: nameOf(epi) }));
  return { nameOf, localised };
}
