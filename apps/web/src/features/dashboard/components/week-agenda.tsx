import { Anchor, Badge, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { addDays, type TArea, type TDashboard, type TPermitSummary } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EmptyData } from "../../../components/empty-data";
import { QueryState } from "../../../components/query-state";
import { readableTextOn } from "../../../lib/colour/readable-text";
import { AGENDA_STATUSES, useAgenda } from "../api/dashboard";
import { agendaOf, boundsOf, type TAgendaItem } from "./agenda-day";

const DAYS = 7;

/** Where a permit of the agenda opens: the principal's permit page, or a contractor's sent permit. */
const permitLink = (area: TArea, side: TDashboard["side"], id: string) =>
  side === "principal" ? `/${area}/permit/${id}` : `/${area}/list-permis-sent/${id}`;

function AgendaEntry({ item, to }: { item: TAgendaItem; to: string }) {
  const { t, i18n } = useTranslation("dashboard");
  const time = new Intl.DateTimeFormat(i18n.language, { hour: "2-digit", minute: "2-digit" });
  const { permit } = item;
  const start = item.startsToday && permit.startAt ? time.format(new Date(permit.startAt)) : "…";
  const end = item.endsToday && permit.endAt ? time.format(new Date(permit.endAt)) : "…";
  const colour = permit.criticality?.colour ?? "var(--mantine-color-gray-4)";
  return (
    <Group
      component="li"
      gap="xs"
      wrap="nowrap"
      align="flex-start"
      data-testid="agenda-permit"
      style={{ borderLeft: `4px solid ${colour}`, paddingLeft: 8 }}
    >
      <Text fz="sm" fw={600} miw={130} style={{ whiteSpace: "nowrap" }}>
        {t("week.period", { start, end })}
      </Text>
      <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
        <Anchor component={Link} to={to} fz="sm" fw={500} style={{ overflowWrap: "anywhere" }}>
          {permit.documentNumber ? `${permit.documentNumber} · ${permit.taskTitle}` : permit.taskTitle}
        </Anchor>
        <Group gap={6}>
          <Badge variant="default" tt="none" data-status={permit.status}>
            {t(`permits:status.${permit.status}`)}
          </Badge>
          {permit.criticality ? (
            <Badge
              color={permit.criticality.colour}
              c={readableTextOn(permit.criticality.colour)}
              tt="none"
              radius="sm"
            >
              {permit.criticality.name}
            </Badge>
          ) : null}
        </Group>
      </Stack>
    </Group>
  );
}

/** The coming week: each day with the permits whose work meets it (a preview; the lists hold the rest). */
export function WeekAgenda({ dashboard, area }: { dashboard: TDashboard; area: TArea }) {
  const { t, i18n } = useTranslation("dashboard");
  const last = addDays(dashboard.today, DAYS - 1);
  const from = boundsOf(dashboard.today).start.toISOString();
  const to = new Date(boundsOf(last).end.getTime() - 1).toISOString();
  const agenda = useAgenda(from, to);
  const dayName = new Intl.DateTimeFormat(i18n.language, { weekday: "long", day: "numeric", month: "long" });
  const more = agenda.data ? agenda.data.total - agenda.data.data.length : 0;
  const moreLink =
    dashboard.side === "principal"
      ? `/${area}/filtred?status=${AGENDA_STATUSES.join(",")}&from=${dashboard.today}&to=${last}&sort=startAt`
      : `/${area}/list-permis-sent`;
  const days = agenda.data ? agendaOf(dashboard.today, agenda.data.data as TPermitSummary[], DAYS) : [];

  return (
    <section aria-labelledby="dashboard-week">
      <Title order={2} fz="h3" mb="sm" id="dashboard-week">
        {t("week.title")}
      </Title>
      <QueryState
        query={agenda}
        keepDataOnError
        empty={
          <Paper withBorder>
            <EmptyData />
          </Paper>
        }
      >
        {() => (
          <Stack gap="sm">
            {days.map(({ day, items }, index) => (
              <Paper key={day} withBorder p="sm" data-testid="agenda-day" data-day={day}>
                <Title order={3} fz="md" mb={items.length > 0 ? "xs" : 0}>
                  {index === 0 ? t("week.today", { day: dayName.format(new Date(`${day}T12:00:00`)) }) : null}
                  {index > 0 ? dayName.format(new Date(`${day}T12:00:00`)) : null}
                </Title>
                {items.length === 0 ? (
                  <Text fz="sm" c="dimmed">
                    {t("week.nothing")}
                  </Text>
                ) : (
                  <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: "none" }}>
                    {items.map((item) => (
                      <AgendaEntry
                        key={item.permit.id}
                        item={item}
                        to={permitLink(area, dashboard.side, item.permit.id)}
                      />
                    ))}
                  </Stack>
                )}
              </Paper>
            ))}
            {more > 0 ? (
              <Anchor component={Link} to={moreLink} fw={500} data-testid="agenda-more">
                {t("week.more", { count: more })}
              </Anchor>
            ) : null}
          </Stack>
        )}
      </QueryState>
    </section>
  );
}
