import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { TPermit } from "@openpermit/shared";
import { IconClockExclamation } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { useFormatDateTime } from "../../../lib/i18n/use-format-date";
import { useCloseHandover } from "../api/shift";
import type { TShiftDialog } from "./shift-dialogs";

// Loaded when first asked for: extending and handing over are rare beside reading the permit.
const ShiftDialogs = lazy(() => import("./shift-dialogs").then((m) => ({ default: m.ShiftDialogs })));

const DECISION_COLOURS = { signed: "green.9", refused: "red.9", pending: "orange.9" } as const;

/**
 * The permit's holder, its extensions and its shift handovers (docs/safety.md, "Extension and shift handover"):
 * who holds it now, a handover due, each extension (old end → new end, why, signed or refused) and each handover
 * (outgoing → incoming, the note), with the actions the server allows the reader.
 */
export function PermitShift({ permit }: { permit: TPermit }) {
  const { t } = useTranslation("permits");
  const format = useFormatDateTime();
  const [dialog, setDialog] = useState<TShiftDialog>(null);
  const [cancelling, setCancelling] = useState(false);
  const close = useCloseHandover();
  const actions = permit.shiftActions;
  const open = permit.handovers.find((h) => h.acceptedAt === null && h.cancelledAt === null);
  const anyAction =
    actions.askExtension ||
    actions.decideExtension !== null ||
    actions.startHandover ||
    actions.acceptHandover !== null ||
    actions.cancelHandover !== null;
  const live = permit.status === "accepted" || permit.status === "In_progress";
  if (!live && permit.extensions.length === 0 && permit.handovers.length === 0) return null;
  return (
    <section aria-labelledby="permit-shift-title" data-testid="permit-shift">
      <Title order={2} fz="h4" mb="sm" id="permit-shift-title">
        {t("shift.title")}
      </Title>
      <Stack gap="sm">
        {permit.handoverDue ? (
          <Alert
            color="red.9"
            variant="light"
            role="alert"
            icon={<IconClockExclamation aria-hidden />}
            title={t("shift.dueTitle")}
            data-testid="permit-handover-due-alert"
          >
            {t("shift.dueText", { since: permit.shiftStartedAt ? format(permit.shiftStartedAt) : "—" })}
          </Alert>
        ) : null}
        <Text data-testid="permit-holder">
          {t("shift.holder", { name: permit.holder?.name ?? "—" })}
          {permit.shiftStartedAt ? ` · ${t("shift.since", { at: format(permit.shiftStartedAt) })}` : ""}
        </Text>
        {open ? (
          <Alert color="orange.9" variant="light" data-testid="permit-handover-open">
            {t("shift.openHandover", { from: open.from?.name ?? "—", to: open.to?.name ?? "—" })}
          </Alert>
        ) : null}
        {anyAction ? (
          <Group gap="xs">
            {actions.askExtension ? (
              <Button variant="default" onClick={() => setDialog("ask")} data-testid="extension-ask">
                {t("shift.ask")}
              </Button>
            ) : null}
            {actions.decideExtension ? (
              <>
                <Button onClick={() => setDialog("sign")} data-testid="extension-sign">
                  {t("shift.sign")}
                </Button>
                <Button
                  variant="default"
                  color="red.9"
                  onClick={() => setDialog("refuse")}
                  data-testid="extension-refuse"
                >
                  {t("shift.refuse")}
                </Button>
              </>
            ) : null}
            {actions.startHandover ? (
              <Button variant="default" onClick={() => setDialog("handOver")} data-testid="handover-start">
                {t("shift.handOver")}
              </Button>
            ) : null}
            {actions.acceptHandover ? (
              <Button onClick={() => setDialog("accept")} data-testid="handover-accept">
                {t("shift.accept")}
              </Button>
            ) : null}
            {actions.cancelHandover ? (
              <Button variant="default" onClick={() => setCancelling(true)} data-testid="handover-cancel">
                {t("shift.cancel")}
              </Button>
            ) : null}
          </Group>
        ) : null}
        {permit.extensions.map((x) => (
          <Paper key={x.id} withBorder p="sm" data-testid="permit-extension">
            <Group gap="xs" justify="space-between" wrap="wrap">
              <Text fw={600}>{t("shift.extension", { from: format(x.oldEndAt), to: format(x.newEndAt) })}</Text>
              <Badge color={DECISION_COLOURS[x.decision ?? "pending"]} variant="light">
                {t(`shift.decision.${x.decision ?? "pending"}`)}
              </Badge>
            </Group>
            <Text fz="sm">{t("shift.askedBy", { name: x.askedBy?.name ?? "—", at: format(x.askedAt) })}</Text>
            <Text fz="sm" style={{ overflowWrap: "anywhere" }}>
              {t("shift.reasonIs", { reason: x.reason })}
            </Text>
            {x.decidedAt ? (
              <Text fz="sm">
                {t(`shift.decidedBy.${x.decision}`, { name: x.decidedBy?.name ?? "—", at: format(x.decidedAt) })}
                {x.remark ? `: ${x.remark}` : ""}
              </Text>
            ) : null}
          </Paper>
        ))}
        {permit.handovers.map((h) => (
          <Paper key={h.id} withBorder p="sm" data-testid="permit-handover">
            <Text fw={600}>
              {t("shift.handover", { from: h.from?.name ?? "—", to: h.to?.name ?? "—", at: format(h.startedAt) })}
            </Text>
            <Text fz="sm" style={{ overflowWrap: "anywhere", whiteSpace: "pre-wrap" }}>
              {t("shift.noteIs", { note: h.note })}
            </Text>
            <Text fz="sm">
              {h.acceptedAt
                ? t(h.crewKept ? "shift.acceptedKept" : "shift.acceptedNew", { at: format(h.acceptedAt) })
                : h.cancelledAt
                  ? t("shift.cancelledAt", { name: h.cancelledBy?.name ?? "—", at: format(h.cancelledAt) })
                  : t("shift.awaiting")}
            </Text>
          </Paper>
        ))}
      </Stack>
      {dialog ? (
        <Suspense fallback={null}>
          <ShiftDialogs dialog={dialog} permit={permit} onClose={() => setDialog(null)} />
        </Suspense>
      ) : null}
      <ConfirmDialog
        opened={cancelling}
        title={t("shift.cancelTitle")}
        confirmLabel={t("shift.cancel")}
        onConfirm={() => close.mutateAsync({ id: permit.id, handoverId: actions.cancelHandover ?? "", cancel: true })}
        onClose={() => setCancelling(false)}
      >
        {t("shift.cancelText")}
      </ConfirmDialog>
    </section>
  );
}
