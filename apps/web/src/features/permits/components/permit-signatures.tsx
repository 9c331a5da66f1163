import { Badge, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { SIGNATURE_HASH_PREFIX, type TPermit } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { useFormatDateTime } from "../../../lib/i18n/use-format-date";

/**
 * The permit's signatures (who, role, when, the declaration they made, the start of the signed content's hash;
 * voided ones kept and marked) and the holder's close-out.
 */
export function PermitSignatures({ permit }: { permit: TPermit }) {
  const { t } = useTranslation("permits");
  const { t: tc } = useTranslation("common");
  const format = useFormatDateTime();
  if (permit.signatures.length === 0 && !permit.closeOut) return null;
  const closeOut = permit.closeOut;
  const yes = (value: boolean) => t(value ? "answers.yes" : "answers.no");
  return (
    <Paper withBorder p={{ base: "sm", md: "md" }} data-testid="permit-signatures">
      <Title order={2} fz="h4" mb="sm">
        {t("signatures.title")}
      </Title>
      <Stack gap="sm">
        {permit.signatures.map((signature) => (
          <div key={`${signature.kind}-${signature.signedAt}`} data-testid={`permit-signature-${signature.kind}`}>
            <Group gap="xs">
              <Text fw={600}>{t(`signatures.kind.${signature.kind}`)}</Text>
              {signature.voidedAt ? (
                <Badge color="red.9" variant="light" data-testid="permit-signature-voided">
                  {t("signatures.voided")}
                </Badge>
              ) : null}
            </Group>
            <Text td={signature.voidedAt ? "line-through" : undefined}>
              {signature.signer?.name ?? t("page.unknownPerson")}
              {signature.signer ? ` (${tc(`roles.${signature.signer.role}`, signature.signer.role)})` : ""} ·{" "}
              {format(signature.signedAt)}
            </Text>
            <Text fz="sm" c="dimmed" fs="italic">
              « {signature.declaration} »
            </Text>
            <Text fz="xs" c="dimmed" ff="monospace">
              {t("signatures.hash")}: {signature.contentHash.slice(0, SIGNATURE_HASH_PREFIX)}…
            </Text>
          </div>
        ))}
        {closeOut ? (
          <div data-testid="permit-close-out">
            <Text fw={600}>{t("signatures.closeOutTitle")}</Text>
            <Text>
              {t("signatures.closedOutBy")}: {closeOut.by?.name ?? t("page.unknownPerson")} · {format(closeOut.at)}
            </Text>
            <Text fz="sm">
              {t("signatures.workComplete")}: {yes(closeOut.workComplete)}
              {closeOut.workComplete ? "" : ` — ${t("signatures.remainingWork")}: ${closeOut.remainingWork}`}
            </Text>
            <Text fz="sm">
              {t("closeOut.areaSafe")}: {yes(closeOut.areaSafe)} · {t("closeOut.toolsRemoved")}:{" "}
              {yes(closeOut.toolsRemoved)} · {t("closeOut.peopleOut")}: {yes(closeOut.peopleOut)}
            </Text>
          </div>
        ) : null}
      </Stack>
    </Paper>
  );
}
