import { addDays, type TPermitSummary } from "@openpermit/shared";

/** A day of the device's calendar as instants: from its first moment to the next day's. */
export function boundsOf(day: string) {
  return { start: new Date(`${day}T00:00:00`), end: new Date(`${addDays(day, 1)}T00:00:00`) };
}

export interface TAgendaItem {
  permit: TPermitSummary;
  /** Whether the work starts or ends on this day (else it began before, or goes on after). */
  startsToday: boolean;
  endsToday: boolean;
}

/** The week's days from `today`, each with the permits whose work period meets it, in the list's order. */
export function agendaOf(today: string, permits: TPermitSummary[], days = 7) {
  return Array.from({ length: days }, (_, index) => {
    const day = addDays(today, index);
    const { start, end } = boundsOf(day);
    const items: TAgendaItem[] = [];
    for (const permit of permits) {
      if (!permit.startAt || !permit.endAt) continue;
      const from = new Date(permit.startAt);
      const to = new Date(permit.endAt);
      if (from >= end || to < start) continue;
      items.push({ permit, startsToday: from >= start, endsToday: to < end });
    }
    return { day, items };
  });
}
