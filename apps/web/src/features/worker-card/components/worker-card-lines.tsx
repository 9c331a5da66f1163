import { Table, Text } from "@mantine/core";
import type { TWorkerCard } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { StandingBadge } from "./standing-badge";

type TLine = TWorkerCard["enterprises"][number]["lines"][number];

/** One enterprise's competences and inductions: where each stands, until when, and whether everyone needs it. */
export function WorkerCardLines({ lines, caption }: { lines: TLine[]; caption: string }) {
  const { t, i18n } = useTranslation("complianceView");
  const day = (date: string | null) =>
    date
      ? new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeZone: "UTC" }).format(
          new Date(`${date}T00:00:00Z`),
        )
      : "—";
  if (lines.length === 0) return <Text c="dimmed">{t("card.noRequirements")}</Text>;
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table striped verticalSpacing="xs">
        <caption className="visually-hidden" style={{ position: "absolute", left: -10000 }}>
          {caption}
        </caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("columns.requirement")}</Table.Th>
            <Table.Th>{t("columns.standing")}</Table.Th>
            <Table.Th>{t("columns.validUntil")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={line.requirementName} data-testid="worker-card-line">
              <Table.Td>
                <Text fw={600} fz="sm">
                  {line.requirementName}
                </Text>
                <Text c="dimmed" fz="xs">
                  {t(`kind.${line.kind}`)} · {line.requiredOfAll ? t("card.ofEveryone") : t("card.forSomeWorkTypes")}
                </Text>
              </Table.Td>
              <Table.Td>
                <StandingBadge standing={line.standing} />
              </Table.Td>
              <Table.Td>
                <Text fz="sm">{day(line.validUntil)}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
