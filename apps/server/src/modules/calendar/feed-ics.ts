import type { TCalendarEvent, TRole } from "@openpermit/shared";
import ical, { ICalEventStatus } from "ical-generator";
import { permitLinkFor } from "../notifications/links";
import { labelsOf, statusLabel, type TDocumentLanguage } from "../permit-documents/labels";

const CALENDAR_NAME: Record<TDocumentLanguage, string> = { en: "OpenPermit permits", fr: "Permis OpenPermit" };

/** Calendar programs read the feed again about every hour (REFRESH-INTERVAL / X-PUBLISHED-TTL). */
const REFRESH_SECONDS = 60 * 60;

export interface TFeedOwner {
  role: TRole;
  language: TDocumentLanguage;
}

/**
 * The feed as iCalendar text, worded in the owner's language: one VEVENT per permit (UID stable across reads),
 * its number, title and status as the summary, the place and contractor as the description, and a link to the
 * permit's page in the owner's own area. Nothing about people.
 */
export function feedIcs(owner: TFeedOwner, events: TCalendarEvent[], publicUrl: string): string {
  const L = labelsOf(owner.language);
  const calendar = ical({
    name: CALENDAR_NAME[owner.language],
    prodId: { company: "OpenPermit", product: "Permit calendar", language: owner.language.toUpperCase() },
    ttl: REFRESH_SECONDS,
  });
  for (const event of events) {
    const link = permitLinkFor(owner.role, event.id);
    const title = [event.documentNumber, event.taskTitle].filter(Boolean).join(" ");
    calendar.createEvent({
      id: `${event.id}@openpermit`,
      start: new Date(event.startAt),
      end: event.endAt ? new Date(event.endAt) : null,
      summary: `${title} (${statusLabel(owner.language, event.status)})`,
      description: [
        `${L.sector}: ${event.sector?.name ?? L.notSet}`,
        event.contractor ? `${L.contractor}: ${event.contractor.name}` : L.internal,
      ].join("\n"),
      url: link ? `${publicUrl}${link}` : null,
      // Calendar programs strike out or hide what will not happen.
      status: event.status === "Canceled" || event.status === "Failed" ? ICalEventStatus.CANCELLED : null,
    });
  }
  return calendar.toString();
}
