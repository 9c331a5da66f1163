import { Checkbox, Select, Stack, Text, Textarea } from "@mantine/core";
import { PERMIT_LIMITS } from "@openpermit/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../../components/confirm-dialog";
import { notifySuccess } from "../../../../lib/notify";
import { useDeclareEmergency } from "../../api/emergencies";
import { useAllSectors } from "../../api/list-sectors";
import { DivisionSelect } from "../division-select";
import { useDivisionsForScope } from "../use-divisions-for-scope";

const WHOLE_DIVISION = "division";

/**
 * Declaring an emergency stop: the division (when the reader has several), the place (a sector or the whole
 * division), the reason and a tick confirming that all work there stops now. Loaded only when asked for: the
 * dashboard it opens from is everyone's first page.
 */
export function DeclareEmergencyDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
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
