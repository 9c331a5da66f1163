/** The languages of the app (docs/domain.md): without zod, for the first page, which loads none. */
export const LANGUAGES = ["en", "fr"] as const;
export type TLanguage = (typeof LANGUAGES)[number];

export const isLanguage = (value: unknown): value is TLanguage => LANGUAGES.includes(value as TLanguage);
