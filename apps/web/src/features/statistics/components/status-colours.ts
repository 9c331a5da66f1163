import type { STATISTICS_STATUSES } from "@openpermit/shared";

/** The permit list's status colours (a sent permit is blue, a rejected one red…), as chart colours. */
export const STATUS_CHART_COLOURS: Record<(typeof STATISTICS_STATUSES)[number], string> = {
  sended: "blue.6",
  Recheck: "orange.6",
  Confirmed: "cyan.6",
  Approved: "teal.6",
  accepted: "green.7",
  In_progress: "violet.6",
  Ended: "dark.4",
  Canceled: "gray.5",
  Failed: "red.7",
};
