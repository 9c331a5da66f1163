import type { TMatrixDraft } from "./matrix-draft";

/**
 * Field errors of a matrix (from the shared schema or the server's `error.fields`, both keyed by dotted
 * paths such as `probabilities.2.label` or `levels.0.colour`), placed on the draft's items: axis items by
 * their key, level fields by "<key>.<field>"; what belongs to no field (`cells`, an empty axis) is general.
 */
export interface TMatrixErrors {
  axis: Record<string, string>;
  levels: Record<string, string>;
  general: string[];
}

export function placeMatrixErrors(draft: TMatrixDraft, fields: Record<string, string>): TMatrixErrors {
  const placed: TMatrixErrors = { axis: {}, levels: {}, general: [] };
  for (const [path, key] of Object.entries(fields)) {
    const [group, index, field] = path.split(".");
    const position = Number(index);
    if ((group === "probabilities" || group === "severities") && Number.isInteger(position)) {
      const item = draft[group][position];
      if (item) {
        placed.axis[item.key] ??= key;
        continue;
      }
    }
    if (group === "levels" && Number.isInteger(position) && field) {
      const level = draft.levels[position];
      if (level) {
        placed.levels[`${level.key}.${field}`] ??= key;
        continue;
      }
    }
    if (!placed.general.includes(key)) placed.general.push(key);
  }
  return placed;
}

/** zod issues as dotted path → message (the first per path). */
export function issuesToFields(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.map(String).join(".")] ??= issue.message;
  return fields;
}
