import { Button, Center, Loader, Modal } from "@mantine/core";
import type { TPermit } from "@openpermit/shared";
import { IconAdjustments } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCloseButtonProps } from "../../../components/use-close-button-props";

const RerateForm = lazy(() => import("./rerate-form").then((module) => ({ default: module.RerateForm })));

/**
 * "Re-rate" for a Verifier of the permit's sector while it waits for verification (`permit.canRerate`): a dialog
 * with the probability, the severity and the reason, showing the level that will result (never below the named
 * risks' minimums) before it is confirmed.
 */
export function RerateButton({ permit, onConflict }: { permit: TPermit; onConflict: () => void }) {
  const { t } = useTranslation("permits");
  const [opened, setOpened] = useState(false);
  const closeButtonProps = useCloseButtonProps();
  if (!permit.canRerate) return null;
  return (
    <>
      <Button
        variant="outline"
        leftSection={<IconAdjustments size={16} aria-hidden />}
        onClick={() => setOpened(true)}
        data-testid="permit-rerate"
      >
        {t("rerate.action")}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t("rerate.title")}
        centered
        closeButtonProps={closeButtonProps}
      >
        {opened ? (
          <Suspense
            fallback={
              <Center py="md">
                <Loader size="sm" />
              </Center>
            }
          >
            <RerateForm permit={permit} onClose={() => setOpened(false)} onConflict={onConflict} />
          </Suspense>
        ) : null}
      </Modal>
    </>
  );
}
