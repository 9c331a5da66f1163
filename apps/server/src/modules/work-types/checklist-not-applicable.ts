import { V } from "@openpermit/shared";
import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { AppError } from "../../lib/app-error";

/**
 * Which checklist items a permit may answer "not applicable" (work types and specific risks alike), as a write
 * stores it. The positions name items of the checklist they go with: a checklist replaced without new positions
 * clears them (the old positions would now name other items, and a wrong "may be N/A" lets an item go unticked);
 * positions given alone must fit the stored checklist (`guard`, part of the UPDATE's condition).
 */
export function notApplicableWrite(
  input: { checklist?: string[] | undefined; checklistMayBeNotApplicable?: number[] | undefined },
  storedChecklist: AnyColumn,
): { positions?: number[]; guard?: SQL } {
  const positions = input.checklistMayBeNotApplicable;
  if (input.checklist !== undefined) {
    if (positions?.some((position) => position >= input.checklist!.length)) throw positionsOutside();
    return { positions: positions ?? [] };
  }
  if (positions === undefined) return {};
  if (positions.length === 0) return { positions };
  return { positions, guard: sql`jsonb_array_length(${storedChecklist}) > ${Math.max(...positions)}` };
}

export const positionsOutside = () =>
  new AppError("VALIDATION_FAILED", "A position names no item of the checklist.", {
    checklistMayBeNotApplicable: V.invalidValue,
  });
