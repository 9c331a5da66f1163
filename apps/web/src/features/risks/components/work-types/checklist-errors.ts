/** Item errors of a checklist field ("checklist.2": key) by index. */
export function checklistErrors(errors: Record<string, unknown>, field = "checklist"): Record<number, string> {
  const found: Record<number, string> = {};
  for (const [path, value] of Object.entries(errors)) {
    const match = new RegExp(`^${field}\\.(\\d+)$`).exec(path);
    if (match && typeof value === "string") found[Number(match[1])] = value;
  }
  return found;
}
