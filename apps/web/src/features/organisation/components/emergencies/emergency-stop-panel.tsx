import { Alert, Button, Checkbox, Group, Select, Stack, Text, Textarea } from "@mantine/core";
import { PERMIT_LIMITS, type TEmergency } from "@openpermit/shared";
import { IconAlertOctagon, IconUrgent } from "@tabler/icons-react";
import type { TFunction } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../../components/confirm-dialog";
import { useFormatDateTime } from "../../../../lib/i18n/use-format-date";
import { notifySuccess } from "../../../../lib/notify";
import { useDeclareEmergency, useEmergencies, useLiftEmergency } from "../../api/emergencies";
import { useAllSectors } from "../../api/list-sectors";
import { DivisionSelect } from "../division-select";
import { useDivisionsForScope } from "../use-divisions-for-scope";

const WHOLE_DIVISION = "division";

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
      {canDeclare ? <DeclareDialog opened={asking} onClose={() => setAsking(false)} /> : null}
    </Stack>
  );
}

function DeclareDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation("organisation");
  const { divisions } = useDivisionsForScope();
  const [chosenDivision, setDivision] = useState<string | null>(null);
  const divisionId = chosenDivision ?? (divisions.length === 1 ? divisions[0]!.id : null);
  const sectors = useAllSectors(divisionId ?? undefined, { enabled: opened && divisionId !== null });
  const [place, setPlace] = useState<string>(WHOLE_DIVISION);
  const [reason, setReason] = useState("");
  const [understood, setUnderstood] = useState(false);
  const declare = useDeclareEmergency();
  const close = () => {
    setPlace(WHOLE_DIVISION);
    setReason("");
    setUnderstood(false);
    onClose();
  };
  const places = [
    { value: WHOLE_DIVISION, label: t("emergency.wholeDivision") },
    ...(sectors.data ?? []).map((sector) => ({ value: sector.id, label: `${sector.number} · ${sector.name}` })),
  ];
  return (
    <ConfirmDialog
      opened={opened}
      title={t("emergency.declareTitle")}
      confirmLabel={t("emergency.confirm")}
      danger
      confirmDisabled={!divisionId || !reason.trim() || !understood}
      onConfirm={async () => {
        const declared = await declare.mutateAsync({
          divisionId: divisionId!,
          sectorId: place === WHOLE_DIVISION ? null : place,
          reason: reason.trim(),
        });
        notifySuccess(t("emergency.declaredToast", { count: declared.suspendedCount }));
        close();
      }}
      onClose={close}
    >
      <Stack gap="sm">
        <Text>{t("emergency.declareText")}</Text>
        {divisions.length > 1 ? (
          <DivisionSelect
            divisions={divisions}
            value={divisionId}
            onChange={(next) => {
              setDivision(next);
              setPlace(WHOLE_DIVISION);
            }}
            withAsterisk
            data-testid="emergency-division"
          />
        ) : null}
        <Select
          label={t("emergency.place")}
          data={places}
          value={place}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          onChange={(next) => setPlace(next ?? WHOLE_DIVISION)}
          data-testid="emergency-place"
        />
        <Textarea
          label={t("emergency.reasonLabel")}
          withAsterisk
          autosize
          minRows={2}
          maxLength={PERMIT_LIMITS.remarkMax}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          data-testid="emergency-reason"
        />
        <Checkbox
          label={t("emergency.understood")}
          checked={understood}
          onChange={(event) => setUnderstood(event.currentTarget.checked)}
          data-testid="emergency-understood"
        />
      </Stack>
    </ConfirmDialog>
  );
}
