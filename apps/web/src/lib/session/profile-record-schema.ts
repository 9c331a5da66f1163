/** Loaded with the profile, not with the first page: the schema brings zod, which the sign-in page does without. */
export { ZProfileRecordSchema } from "@openpermit/shared";
