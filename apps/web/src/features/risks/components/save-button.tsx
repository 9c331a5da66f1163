import { Button } from "@mantine/core";
import { IconDeviceFloppy } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

/** The Save button of the risk screens that save a whole selection or grid at once, not a form. */
export function SaveButton({ saving, onSave }: { saving: boolean; onSave: () => void }) {
  const { t } = useTranslation("risks");
  return (
    <Button leftSection={<IconDeviceFloppy size={16} aria-hidden />} loading={saving} onClick={onSave}>
      {t("actions.save")}
    </Button>
  );
}
