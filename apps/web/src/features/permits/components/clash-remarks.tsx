import { Badge, Group, Paper, Stack, Text, Textarea } from "@mantine/core";
import { type TClashAcknowledgementInput, type TPermitClash, V } from "@openpermit/shared";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFormatDateTime } from "../../../lib/i18n/use-format-date";
import { clashKeyOf } from "../api/clashes";

/** Where the other permit of a clash is: its sector, and its sub-sector when it names one. */
export const clashPlaceOf = (clash: TPermitClash) =>
  [clash.permit.sectorName, clash.permit.subSectorName].filter(Boolean).join(" › ");

/** The remarks typed for a set of clashes: what the action's body carries, and which are still missing. */
export function useClashRemarks(clashes: readonly TPermitClash[]) {
  const [remarks, setRemarks] = useState<Record<string, string>>({});
  const missing = clashes.filter((clash) => !(remarks[clashKeyOf(clash)] ?? "").trim()).map(clashKeyOf);
  const input: TClashAcknowledgementInput[] = clashes
    .filter((clash) => (remarks[clashKeyOf(clash)] ?? "").trim())
    .map((clash) => ({ documentNumber: clashKeyOf(clash), remark: remarks[clashKeyOf(clash)]!.trim() }));
  const setRemark = (key: string, remark: string) => setRemarks((all) => ({ ...all, [key]: remark }));
  return { remarks, setRemark, missing, input };
}

/** One line about a clash: the other permit's number and task, where, when, and why it clashes. */
export function ClashSummary({ clash }: { clash: TPermitClash }) {
  const { t } = useTranslation("permits");
  const format = useFormatDateTime();
  return (
    <Stack gap={2}>
      <Text fw={600} style={{ overflowWrap: "anywhere" }}>
        {clash.permit.documentNumber} — {clash.permit.taskTitle}
      </Text>
      <Text fz="sm" style={{ overflowWrap: "anywhere" }}>
        {[clashPlaceOf(clash), clash.permit.workTypeName].filter(Boolean).join(" · ")}
      </Text>
      <Text fz="sm">
        {format(clash.permit.startAt)} – {format(clash.permit.endAt)}
      </Text>
      <Group gap={4}>
        {clash.rules.map((rule) => (
          <Badge key={rule} color="orange.9" variant="light" style={{ textTransform: "none" }}>
            {t(`clashes.rules.${rule}`)}
          </Badge>
        ))}
      </Group>
    </Stack>
  );
}

/**
 * Each clash with its required remark, in a send, verify or approve dialog: the signer acknowledges every one
 * before the action (the server checks again when it is taken). Nothing when there are none.
 */
export function ClashRemarkFields({
  clashes,
  remarks,
  onRemark,
  showMissing,
  missing,
}: {
  clashes: readonly TPermitClash[];
  remarks: Record<string, string>;
  onRemark: (key: string, remark: string) => void;
  showMissing: boolean;
  missing: readonly string[];
}) {
  const { t } = useTranslation("permits");
  const { t: tv } = useTranslation("validation");
  if (clashes.length === 0) return null;
  return (
    <Stack gap="sm" data-testid="clash-remarks">
      {/* Not an alert (role): the dialog's refusal is the one alert a screen reader is told of. */}
      <Paper withBorder p="sm" style={{ borderColor: "var(--mantine-color-orange-9)" }}>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconAlertTriangle aria-hidden color="var(--mantine-color-orange-9)" style={{ flexShrink: 0 }} />
          <div>
            <Text fw={600}>{t("clashes.dialogTitle")}</Text>
            <Text fz="sm">{t("clashes.dialogText", { count: clashes.length })}</Text>
          </div>
        </Group>
      </Paper>
      {clashes.map((clash) => {
        const key = clashKeyOf(clash);
        return (
          <Paper key={key} withBorder p="sm" data-testid="clash-remark">
            <Stack gap="xs">
              <ClashSummary clash={clash} />
              <Textarea
                label={t("clashes.remark", { number: key })}
                description={t("clashes.remarkHint")}
                withAsterisk
                autosize
                minRows={2}
                maxLength={500}
                value={remarks[key] ?? ""}
                onChange={(event) => onRemark(key, event.currentTarget.value)}
                error={showMissing && missing.includes(key) ? tv(V.clashRemarkRequired) : undefined}
                data-testid={`clash-remark-${key}`}
              />
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
