import { Alert, Stack, Text } from "@mantine/core";
import type { TGasTest, TPermit } from "@openpermit/shared";
import { IconHandStop } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useFormatDateTime } from "../../../lib/i18n/use-format-date";
import { usePermitGasTests } from "../api/gas-tests";
import { useLimitText } from "./gas-limit-text";

/**
 * The failing test that suspended the work, when a failing re-test did: the server suspends in the test's own
 * transaction, so the suspension and the test share their instant. Its reason is then worded here, in the reader's
 * language, from the test's readings (the stored reason is the server's English).
 */
function useSuspendingGasTest(permit: TPermit): TGasTest | null {
  const last = permit.gasTest?.last;
  const suspendedByTest = !!permit.suspension && last?.passed === false && last.at === permit.suspension.at;
  const tests = usePermitGasTests(permit.id, suspendedByTest);
  if (!suspendedByTest) return null;
  return tests.data?.tests.find((test) => test.testedAt === permit.suspension?.at && !test.passed) ?? null;
}

/**
 * A suspended permit says so first, in red: by whom (or which emergency stop), when and why, and that a manager
 * resumes it with a signature (the Resume button is among the actions, for those the server allows).
 */
export function PermitSuspensionBanner({ permit }: { permit: TPermit }) {
  const { t } = useTranslation("permits");
  const format = useFormatDateTime();
  const limitText = useLimitText();
  const gasTest = useSuspendingGasTest(permit);
  const suspension = permit.suspension;
  if (!suspension) return null;
  const reason = gasTest
    ? t("suspension.gasFailed", {
        readings: gasTest.readings
          .filter((reading) => !reading.passed)
          .map((reading) =>
            t("suspension.gasReading", {
              gas: reading.name,
              value: reading.value,
              unit: reading.unit,
              limit: limitText(reading),
            }),
          )
          .join("; "),
      })
    : suspension.reason;
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
          {t("suspension.reason", { reason })}
        </Text>
        <Text fz="sm">{t("suspension.resumeHint")}</Text>
      </Stack>
    </Alert>
  );
}
