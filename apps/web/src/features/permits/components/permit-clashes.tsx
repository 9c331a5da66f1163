import { Anchor, Paper, Stack, Text, Title } from "@mantine/core";
import { permitPaths, type TPermit } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { useFormatDateTime } from "../../../lib/i18n/use-format-date";
import { useSession } from "../../../lib/session/session-context";
import { sessionArea } from "../../../lib/session/session-state";
import { usePermitClashes } from "../api/clashes";
import { ClashSummary } from "./clash-remarks";

/**
 * The permit's clashes (docs/safety.md, SIMOPS): the other live permits at its place and time now, each linked
 * when the reader may open it, and every acknowledgement made at its send, verify and approve (who, when, the
 * remark). Nothing for a permit that has neither.
 */
export function PermitClashes({ permit }: { permit: TPermit }) {
  const { t } = useTranslation("permits");
  const format = useFormatDateTime();
  const paths = permitPaths(sessionArea(useSession()));
  const clashes = usePermitClashes(permit.id);
  if (clashes.isPending) return null;
  if (clashes.isError) return <ApiErrorAlert error={clashes.error} />;
  const { clashes: now, acknowledgements } = clashes.data;
  if (now.length === 0 && acknowledgements.length === 0) return null;
  return (
    <Paper withBorder p={{ base: "sm", md: "md" }} data-testid="permit-clashes">
      <Title order={2} fz="h4" mb="sm">
        {t("clashes.title")}
      </Title>
      <Stack gap="sm">
        {now.length === 0 ? <Text c="dimmed">{t("clashes.noneNow")}</Text> : null}
        {now.map((clash) => (
          <div key={clash.permit.documentNumber} data-testid="permit-clash">
            <ClashSummary clash={clash} />
            {clash.permit.id ? (
              <Anchor component={Link} to={paths.view(clash.permit.id)} fz="sm">
                {t("clashes.open", { number: clash.permit.documentNumber })}
              </Anchor>
            ) : null}
          </div>
        ))}
        {acknowledgements.length > 0 ? (
          <Stack gap={4} data-testid="permit-clash-acknowledgements">
            <Text fw={600}>{t("clashes.acknowledged")}</Text>
            {acknowledgements.map((a) => (
              <Text key={a.id} fz="sm" style={{ overflowWrap: "anywhere" }}>
                {t("clashes.acknowledgement", {
                  step: t(`actions.${a.step}`),
                  number: a.otherPermit.documentNumber,
                  by: a.by.name,
                  at: format(a.at),
                })}{" "}
                « {a.remark} »
              </Text>
            ))}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
