import "@fullcalendar/react/skeleton.css";
import "@fullcalendar/react/themes/classic/theme.css";
import "@fullcalendar/react/themes/classic/palette.css";
import "./permit-calendar.css";
import FullCalendar, { type DatesSetInfo, type EventClickInfo, type EventInput } from "@fullcalendar/react";
import dayGridPlugin from "@fullcalendar/react/daygrid";
import listPlugin from "@fullcalendar/react/list";
import frLocale from "@fullcalendar/react/locales/fr";
import classicTheme from "@fullcalendar/react/themes/classic";
import timeGridPlugin from "@fullcalendar/react/timegrid";
import { Alert, Box, Group, Loader, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { TCalendarEvent, TPermitCalendarQuery, TPermitStatus } from "@openpermit/shared";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { readableTextOn } from "../../../lib/colour/readable-text";
import { usePermitCalendar } from "../api/permit-calendar";

/** The list's filters as the permits page holds them (its view and sort mean nothing here and are dropped). */
export type TCalendarFilters = Partial<Omit<TPermitCalendarQuery, "from" | "to">> & { from?: string; to?: string };

export interface TPermitCalendarProps {
  filters: TCalendarFilters;
  /** The permit's page in the reader's area. */
  linkOf: (permitId: string) => string;
}

// The calendar's view and date live in the URL (`calendarView`, `date`): Back from a permit finds them again.
const VIEWS = ["dayGridMonth", "timeGridWeek", "timeGridDay", "listWeek"];
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const pad = (n: number) => String(n).padStart(2, "0");
const dayOf = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** No level chosen yet (a draft): a neutral block, dark text. */
const NO_LEVEL = "#dee2e6";

/**
 * A permit that holds no work any more is not drawn in its level's colour, which would pass it for live work: an
 * ended one is grey, a cancelled or rejected one grey and struck through (its status is also in its text).
 */
const CLOSED = "#e9ecef";
const LOOK_OF_STATUS: Partial<Record<TPermitStatus, "ended" | "void">> = {
  Ended: "ended",
  Canceled: "void",
  Failed: "void",
};

const WIDE_TOOLBAR = {
  header: { start: "prev,next today", center: "title", end: "dayGridMonth,timeGridWeek,timeGridDay,listWeek" },
  footer: false as const,
};
// Below 768 px the title takes the header alone; the view buttons go underneath.
const NARROW_TOOLBAR = {
  header: { start: "title", end: "prev,next" },
  footer: { start: "today", end: "listWeek,timeGridDay,dayGridMonth" },
};

/**
 * What the server is asked for: the visible period, narrowed by the filter bar's own work period when one is
 * set (null when the two do not meet: nothing to ask).
 */
function queryOf(filters: TCalendarFilters, period: { start: Date; end: Date } | null): TPermitCalendarQuery | null {
  if (!period) return null;
  const {
    view: _view,
    sort: _sort,
    from,
    to,
    ...rest
  } = filters as TCalendarFilters & { view?: unknown; sort?: unknown };
  const start = Math.max(period.start.getTime(), from ? Date.parse(from) : Number.NEGATIVE_INFINITY);
  // The filter's `to` is the last instant of its day, included; the calendar's end is excluded.
  const end = Math.min(period.end.getTime(), to ? Date.parse(to) + 1 : Number.POSITIVE_INFINITY);
  if (start >= end) return null;
  return { ...rest, from: new Date(start).toISOString(), to: new Date(end).toISOString() };
}

function useEventInputs(events: TCalendarEvent[], linkOf: (id: string) => string): EventInput[] {
  const { t } = useTranslation("permits");
  return useMemo(
    () =>
      events.map((event) => {
        const look = LOOK_OF_STATUS[event.status];
        const colour = look ? CLOSED : (event.criticality?.colour ?? NO_LEVEL);
        const title = [event.documentNumber, event.taskTitle].filter(Boolean).join(" ");
        return {
          id: event.id,
          title: `${title} (${t(`status.${event.status}`)})`,
          start: event.startAt,
          end: event.endAt ?? undefined,
          url: linkOf(event.id),
          color: colour,
          contrastColor: look ? "#343a40" : readableTextOn(colour),
          className: look ? `op-calendar-${look}` : undefined,
          extendedProps: { status: event.status },
        };
      }),
    [events, linkOf, t],
  );
}

/**
 * The permits page's calendar: month, week, day and list views of the permits the filter bar selects, each in
 * its criticality colour (grey once it holds no work) with its status in its text, a legend saying so; the filter
 * bar's status filter narrows it; a click (or Enter) opens the permit. Read only.
 */
export default function PermitCalendar({ filters, linkOf }: TPermitCalendarProps) {
  const { t, i18n } = useTranslation("calendar");
  const narrow = useMediaQuery("(max-width: 47.99em)", false, { getInitialValueInEffect: false });
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const urlView = params.get("calendarView");
  const urlDate = params.get("date");
  const [period, setPeriod] = useState<{ start: Date; end: Date } | null>(null);
  const query = queryOf(filters, period);
  const calendar = usePermitCalendar(query);
  const events = useEventInputs(query ? (calendar.data?.events ?? []) : [], linkOf);
  const toolbar = narrow ? NARROW_TOOLBAR : WIDE_TOOLBAR;

  const onDatesSet = ({ start, end, view }: DatesSetInfo) => {
    setPeriod((previous) =>
      previous?.start.getTime() === start.getTime() && previous.end.getTime() === end.getTime()
        ? previous
        : { start, end },
    );
    const date = dayOf(view.currentStart);
    if (view.type === urlView && date === urlDate) return;
    // Moving through the calendar replaces the history entry: Back leaves the page, not the previous week.
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set("calendarView", view.type);
        next.set("date", date);
        return next;
      },
      { replace: true },
    );
  };
  // The event is a link (open in a new tab works); a plain click stays in the app.
  const onEventClick = ({ event, jsEvent }: EventClickInfo) => {
    if (jsEvent.ctrlKey || jsEvent.metaKey || jsEvent.shiftKey) return;
    jsEvent.preventDefault();
    if (event.url) void navigate(event.url);
  };

  return (
    <Stack gap="sm" data-testid="permit-calendar">
      <Group gap="xs" mih={28} aria-live="polite">
        {calendar.isFetching ? <Loader size="sm" aria-label={t("loading")} /> : null}
      </Group>
      {calendar.error ? <ApiErrorAlert error={calendar.error} /> : null}
      {query && calendar.data?.truncated ? (
        <Alert color="yellow" title={t("truncatedTitle")} data-testid="calendar-truncated">
          {t("truncated")}
        </Alert>
      ) : null}
      <Box className="op-permit-calendar">
        <FullCalendar
          plugins={[dayGridPlugin, timeGridPlugin, listPlugin, classicTheme]}
          locales={[frLocale]}
          locale={i18n.language === "fr" ? "fr" : "en"}
          initialView={urlView && VIEWS.includes(urlView) ? urlView : narrow ? "listWeek" : "dayGridMonth"}
          initialDate={urlDate && DAY.test(urlDate) && !Number.isNaN(Date.parse(urlDate)) ? urlDate : undefined}
          headerToolbar={toolbar.header}
          footerToolbar={toolbar.footer}
          height="auto"
          eventDisplay="block"
          dayMaxEvents={4}
          nowIndicator
          editable={false}
          selectable={false}
          events={events}
          datesSet={onDatesSet}
          eventClick={onEventClick}
          // A narrow screen's list shows the whole number and title, on several lines if need be.
          listItemEventInnerClass="op-calendar-wrap"
          listItemEventTitleClass="op-calendar-wrap"
          noEventsText={t("noEvents")}
          // The button's name must hold its visible text (FullCalendar's own hint says "This Month").
          todayText={t("today")}
          todayHint={t("today")}
        />
      </Box>
      <CalendarLegend />
    </Stack>
  );
}

/** What the calendar's colours and styles mean. */
function CalendarLegend() {
  const { t } = useTranslation("calendar");
  return (
    <Group gap="md" data-testid="calendar-legend" aria-label={t("legend.label")} role="group">
      <Text size="sm">{t("legend.live")}</Text>
      <Text size="sm" className="op-calendar-legend-ended">
        {t("legend.ended")}
      </Text>
      <Text size="sm" className="op-calendar-legend-void">
        {t("legend.void")}
      </Text>
    </Group>
  );
}
