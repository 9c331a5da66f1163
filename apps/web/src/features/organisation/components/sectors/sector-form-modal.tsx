import { Modal } from "@mantine/core";
import type { TSector } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { useCloseButtonProps } from "../../../../components/use-close-button-props";
import { useRetained } from "../../../../lib/use-retained";
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
  const closeButtonProps = useCloseButtonProps();
  const { t } = useTranslation("organisation");
  const title = useRetained(target ? t(target.sector ? "sectors.editTitle" : "sectors.createTitle") : null);
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={title}
      size="lg"
      centered
      closeOnClickOutside={false}
      closeButtonProps={closeButtonProps}
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
