import { Alert, Stack, Text } from "@mantine/core";
import type { TPermit } from "@openpermit/shared";
import { IconHandStop } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useFormatDateTime } from "../../../lib/i18n/use-format-date";

/**
 * A suspended permit says so first, in red: by whom (or which emergency stop), when and why, and that a manager
 * resumes it with a signature (the Resume button is among the actions, for those the server allows).
 */
export function PermitSuspensionBanner({ permit }: { permit: TPermit }) {
  const { t } = useTranslation("permits");
  const format = useFormatDateTime();
  const suspension = permit.suspension;
  if (!suspension) return null;
  const name = suspension.by?.name ?? t("suspension.system");
  const by = suspension.emergencyId ? "suspension.byEmergency" : "suspension.by";
  return (
    <Alert
      color="red.9"
      variant="filled"
      role="alert"
      icon={<IconHandStop aria-hidden />}
      title={t(permit.status === "In_progress" ? "suspension.title" : "suspension.titleHeld")}
      data-testid="permit-suspension"
    >
      <Stack gap={4}>
        <Text fz="sm">{t(by, { name, date: format(suspension.at) })}</Text>
        <Text fz="sm" fw={700} style={{ overflowWrap: "anywhere" }}>
          {t("suspension.reason", { reason: suspension.reason })}
        </Text>
        <Text fz="sm">{t("suspension.resumeHint")}</Text>
      </Stack>
    </Alert>
  );
}
