import { Anchor, List, Stack, Text, Title } from "@mantine/core";
import type { TPermit } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { FileRow } from "../../../components/file-row";
import { useEpiName } from "../../../lib/i18n/use-epi-name";
import { downloadPermitFile } from "../api/permits";
import { ChecklistAnswers } from "./checklist-answers";

function Block({ title, empty, children }: { title: string; empty: boolean; children: React.ReactNode }) {
  const { t } = useTranslation("permits");
  return (
    <Stack gap={4}>
      <Title order={3} fz="md">
        {title}
      </Title>
      {empty ? (
        <Text fz="sm" c="dimmed">
          {t("conditions.none")}
        </Text>
      ) : (
        children
      )}
    </Stack>
  );
}

type TSpecificRisk = TPermit["specificRisks"][number];

/** What the holder reads for a specific critical risk: its training and its procedures (links open, files download). */
function SpecificRiskReading({ risk }: { risk: TSpecificRisk }) {
  const { t } = useTranslation("permits");
  if (!risk.trainingUrl && risk.procedures.length === 0) return null;
  return (
    <List size="sm" spacing={2} withPadding>
      {risk.trainingUrl ? (
        <List.Item>
          <Anchor href={risk.trainingUrl} target="_blank" rel="noopener noreferrer" fz="sm">
            {t("conditions.training", { name: risk.name })}
          </Anchor>
        </List.Item>
      ) : null}
      {risk.procedures.map((procedure) => (
        <List.Item key={procedure.url}>
          {procedure.kind === "link" ? (
            <Anchor href={procedure.url} target="_blank" rel="noopener noreferrer" fz="sm">
              {procedure.name}
            </Anchor>
          ) : (
            <FileRow
              name={procedure.name}
              downloadLabel={t("conditions.procedureFile", { name: procedure.name })}
              download={() => downloadPermitFile(procedure)}
            />
          )}
        </List.Item>
      ))}
    </List>
  );
}

/**
 * The conditions the permit holder accepts: the risks, the specific critical risks with their training and
 * procedures, the protective equipment and the checklist as answered. Read-only; shown before the declaration.
 */
export function PermitConditions({ permit }: { permit: TPermit }) {
  const { t } = useTranslation("permits");
  const { nameOf } = useEpiName();
  return (
    <Stack gap="sm" data-testid="permit-conditions">
      <Block title={t("fields.risks")} empty={permit.risks.length === 0}>
        <List size="sm" spacing={2}>
          {permit.risks.map((risk) => (
            <List.Item key={risk.id}>
              {risk.name}
              {risk.critical ? ` (${t("conditions.critical")})` : ""}
            </List.Item>
          ))}
        </List>
      </Block>
      <Block title={t("fields.specificRisks")} empty={permit.specificRisks.length === 0}>
        <List size="sm" spacing={2}>
          {permit.specificRisks.map((risk) => (
            <List.Item key={risk.id}>
              {risk.name}
              <SpecificRiskReading risk={risk} />
            </List.Item>
          ))}
        </List>
      </Block>
      <Block title={t("fields.epis")} empty={permit.epis.length === 0}>
        <List size="sm" spacing={2}>
          {permit.epis.map((epi) => (
            <List.Item key={epi.id}>{nameOf(epi)}</List.Item>
          ))}
        </List>
      </Block>
      <Block title={t("conditions.checklist")} empty={permit.checklist.length === 0}>
        <ChecklistAnswers checklist={permit.checklist} size={16} />
      </Block>
    </Stack>
  );
}
