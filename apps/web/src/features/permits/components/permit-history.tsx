import { Text, Timeline } from "@mantine/core";
import { IconHistory } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { QueryState } from "../../../components/query-state";
import { useFormatDateTime } from "../../../lib/i18n/use-format-date";
import { usePermitHistory } from "../api/permits";

/** One side of a re-rating: "Rare × Minor (Low)". */
const ratingText = (rating: { probability: string; severity: string; level: string }) =>
  `${rating.probability} × ${rating.severity} (${rating.level})`;

/** Who did what and when, oldest first, with the change of status and the remark. */
const SCHEDULER_ACTIONS: readonly string[] = ["start", "expire"];

export function PermitHistory({ permitId }: { permitId: string }) {
  const { t } = useTranslation("permits");
  const history = usePermitHistory(permitId);
  const format = useFormatDateTime();
  return (
    <QueryState query={history} empty={<Text c="dimmed">{t("page.noHistory")}</Text>}>
      {(events) => (
        <Timeline active={events.length - 1} bulletSize={20} lineWidth={2} data-testid="permit-history">
          {events.map((event) => (
            <Timeline.Item
              key={event.id}
              bullet={<IconHistory size={12} aria-hidden />}
              title={
                event.worker ? `${t(`events.${event.action}`)}: ${event.worker.name}` : t(`events.${event.action}`)
              }
              data-testid="permit-event"
              data-action={event.action}
            >
              <Text fz="sm" c="dimmed">
                {format(event.at)} ·{" "}
                {event.actor
                  ? t("page.eventBy", { name: event.actor.name })
                  : // The scheduler's own moves (start at the start time, expiry) have no actor.
                    SCHEDULER_ACTIONS.includes(event.action)
                    ? t("page.eventBySystem")
                    : t("page.eventBy", { name: t("page.unknownPerson") })}
              </Text>
              <Text fz="sm">
                {event.fromStatus ? `${t(`status.${event.fromStatus}`)} → ` : ""}
                {t(`status.${event.toStatus}`)}
              </Text>
              {event.rerate ? (
                <Text fz="sm" data-testid="permit-event-rerate">
                  {t("rerate.change", {
                    before: ratingText(event.rerate.before),
                    after: ratingText(event.rerate.after),
                  })}
                </Text>
              ) : null}
              {event.remark ? (
                <Text fz="sm" style={{ overflowWrap: "anywhere" }}>
                  {t("page.remark", { remark: event.remark })}
                </Text>
              ) : null}
              {event.clashAcknowledgements?.map((a) => (
                <Text
                  key={a.otherPermit.documentNumber}
                  fz="sm"
                  style={{ overflowWrap: "anywhere" }}
                  data-testid="permit-event-clash"
                >
                  {t("clashes.historyLine", { number: a.otherPermit.documentNumber, remark: a.remark })}
                </Text>
              ))}
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </QueryState>
  );
}
