import { Modal } from "@mantine/core";
import type { TSector } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { SectorForm } from "./sector-form";

/** `null`: closed; `{ sector: null }`: create (in `divisionId` when known); a sector: edit it. */
export type TSectorFormTarget = { sector: TSector | null; divisionId?: string | null } | null;

interface TSectorFormModalProps {
  target: TSectorFormTarget;
  divisions: { id: string; name: string }[];
  /** The super-responsible's division: no choice. */
  fixedDivision: { id: string; name: string } | null;
  onClose: () => void;
}

export function SectorFormModal({ target, divisions, fixedDivision, onClose }: TSectorFormModalProps) {
  const { t } = useTranslation("organisation");
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={target?.sector ? t("sectors.editTitle") : t("sectors.createTitle")}
      size="lg"
      centered
      closeOnClickOutside={false}
    >
      {target ? (
        <SectorForm
          key={target.sector?.id ?? "new"}
          sector={target.sector}
          defaultDivisionId={target.divisionId ?? null}
          divisions={divisions}
          fixedDivision={fixedDivision}
          onDone={onClose}
        />
      ) : null}
    </Modal>
  );
}
