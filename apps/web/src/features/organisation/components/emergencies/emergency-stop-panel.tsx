import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import type { TEmergency } from "@openpermit/shared";
import { IconAlertOctagon, IconUrgent } from "@tabler/icons-react";
import type { TFunction } from "i18next";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../../components/confirm-dialog";
import { useFormatDateTime } from "../../../../lib/i18n/use-format-date";
import { notifySuccess } from "../../../../lib/notify";
import { useEmergencies, useLiftEmergency } from "../../api/emergencies";

const DeclareEmergencyDialog = lazy(() =>
  import("./emergency-declare-dialog").then((m) => ({ default: m.DeclareEmergencyDialog })),
);

/** Where an emergency holds: a sector, or a whole division. */
function placeOf(t: TFunction, emergency: TEmergency) {
  return emergency.sector
    ? t("emergency.placeSector", { sector: emergency.sector.name, division: emergency.division.name })
    : t("emergency.placeDivision", { division: emergency.division.name });
}

/** One emergency in force: where, why, who and when, how many permits it stopped; Lift for those who may. */
function EmergencyInForce({ emergency }: { emergency: TEmergency }) {
  const { t } = useTranslation("organisation");
  const format = useFormatDateTime();
  const lift = useLiftEmergency();
  const [asking, setAsking] = useState(false);
  return (
    <Alert
      color="red.9"
      variant="filled"
      role="alert"
      icon={<IconAlertOctagon aria-hidden />}
      title={t("emergency.inForce", { place: placeOf(t, emergency) })}
      data-testid="emergency-in-force"
    >
      <Stack gap={4}>
        <Text fz="sm" fw={700} style={{ overflowWrap: "anywhere" }}>
          {t("emergency.reason", { reason: emergency.reason })}
        </Text>
        <Text fz="sm">
          {t("emergency.declared", { name: emergency.declaredBy?.name ?? "—", date: format(emergency.declaredAt) })}
        </Text>
        <Text fz="sm">{t("emergency.suspendedCount", { count: emergency.suspendedCount })}</Text>
        {emergency.canLift ? (
          <Group>
            <Button variant="white" color="dark" onClick={() => setAsking(true)} data-testid="emergency-lift">
              {t("emergency.lift")}
            </Button>
          </Group>
        ) : null}
      </Stack>
      <ConfirmDialog
        opened={asking}
        title={t("emergency.liftTitle")}
        confirmLabel={t("emergency.lift")}
        onConfirm={async () => {
          await lift.mutateAsync(emergency.id);
          notifySuccess(t("emergency.lifted"));
        }}
        onClose={() => setAsking(false)}
      >
        {t("emergency.liftText")}
      </ConfirmDialog>
    </Alert>
  );
}

/**
 * The emergency stop (docs/safety.md, "Suspension and emergency stop"): the emergencies in force, for everyone of
 * the principal's staff; for the Enterprise and a SuperResponsible, the button that declares one. Hard to press by
 * accident: a dialog names the place, asks the reason and a tick confirming that all work there stops now.
 */
export function EmergencyStopPanel({ canDeclare }: { canDeclare: boolean }) {
  const { t } = useTranslation("organisation");
  const emergencies = useEmergencies();
  const [asking, setAsking] = useState(false);
  const inForce = (emergencies.data ?? []).filter((emergency) => emergency.liftedAt === null);
  return (
    <Stack gap="sm" data-testid="emergency-stop-panel">
      {inForce.map((emergency) => (
        <EmergencyInForce key={emergency.id} emergency={emergency} />
      ))}
      {canDeclare ? (
        <Group>
          <Button
            color="red.9"
            variant="outline"
            leftSection={<IconUrgent size={18} aria-hidden />}
            onClick={() => setAsking(true)}
            data-testid="emergency-declare"
          >
            {t("emergency.declare")}
          </Button>
        </Group>
      ) : null}
      {canDeclare && asking ? (
        <Suspense fallback={null}>
          <DeclareEmergencyDialog opened onClose={() => setAsking(false)} />
        </Suspense>
      ) : null}
    </Stack>
  );
}
