import type { TSector } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { FormModal } from "../../../../components/form-modal";
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
  const title = target ? t(target.sector ? "sectors.editTitle" : "sectors.createTitle") : null;
  return (
    <FormModal opened={target !== null} onClose={onClose} title={title} closeOnClickOutside={false}>
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
    </FormModal>
  );
}
