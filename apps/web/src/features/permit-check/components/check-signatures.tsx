import { Badge, Stack, Text } from "@mantine/core";
import type { TPermitCheck } from "@openpermit/shared";
import { useTranslation } from "react-i18next";

/**
 * Who signed the permit (name, role), when, and the first characters of the signed content's hash, to compare
 * with the paper; a voided signature is marked in words.
 */
export function CheckSignatures({ check, format }: { check: TPermitCheck; format: (iso: string) => string }) {
  const { t } = useTranslation(["permitCheck", "permits", "common"]);
  return (
    <Stack gap={4} data-testid="permit-check-signatures">
      <Text size="sm" fw={700} c="dimmed" tt="uppercase">
        {t("signatures")}
      </Text>
      {check.signatures.length === 0 ? <Text size="lg">{t("noSignature")}</Text> : null}
      {check.signatures.map((signature) => (
        <Stack key={`${signature.kind}-${signature.signedAt}`} gap={0} data-testid="permit-check-signature">
          <Text size="lg" fw={600} td={signature.voided ? "line-through" : undefined}>
            {t(`permits:signatures.kind.${signature.kind}`)}: {signature.signer ?? t("unknownPerson")}
            {signature.role ? ` (${t(`common:roles.${signature.role}`, { defaultValue: signature.role })})` : ""}
          </Text>
          <Text size="md" c="dimmed">
            {format(signature.signedAt)} · <span style={{ fontFamily: "monospace" }}>{signature.hashPrefix}</span>
          </Text>
          {signature.voided ? (
            <Badge color="red.9" variant="light" size="lg">
              {t("permits:signatures.voided")}
            </Badge>
          ) : null}
        </Stack>
      ))}
    </Stack>
  );
}
