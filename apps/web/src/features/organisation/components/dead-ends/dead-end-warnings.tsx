import { Alert, Button, List, Stack, Text } from "@mantine/core";
import type { TDeadEnd } from "@openpermit/shared";
import { IconAlertTriangle, IconArrowRight } from "@tabler/icons-react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useDeadEnds } from "../../api/get-dead-ends";

/** One dead end in a sentence: the sector, the levels whose permits stop, and why. */
export function deadEndText(t: TFunction, deadEnd: TDeadEnd): string {
  return t(`deadEnds.problem.${deadEnd.problem}`, {
    sector: deadEnd.sector.name,
    levels: deadEnd.levels.join(", "),
    person: deadEnd.person?.name ?? "",
  });
}

interface TDeadEndWarningsProps {
  /** The division to check (the enterprise: all of them when undefined; a super-responsible: always its own). */
  divisionId?: string | undefined;
  /** Only this sector's dead ends. */
  sectorId?: string;
  /** Where they are fixed (the permissions matrix), shown as a link when the panel is not on that page. */
  fixPath?: string;
}

/**
 * The permissions matrix's dead ends (docs/safety.md, "No silent dead ends"): every criticality flow of a sector that cannot
 * complete, as a warning. Nothing at all while loading, when all is well, or when the check cannot be read
 * (the page it sits on stays usable; the server refuses such sends anyway: NO_PERMIT_MANAGER).
 */
export function DeadEndWarnings({ divisionId, sectorId, fixPath }: TDeadEndWarningsProps) {
  const { t } = useTranslation("organisation");
  const deadEnds = useDeadEnds(divisionId);
  const shown = (deadEnds.data ?? []).filter((deadEnd) => !sectorId || deadEnd.sector.id === sectorId);
  if (shown.length === 0) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title={t("deadEnds.title", { count: shown.length })}
      // The light orange title is 2.9:1 on its tint; the text colour keeps AA. The body may shrink below its
      // widest line (the button's label wraps): at 360 px it was cut at the alert's edge.
      styles={{ title: { color: "var(--mantine-color-text)" }, body: { minWidth: 0 } }}
      data-testid="dead-end-warnings"
    >
      <Stack gap="xs">
        <Text fz="sm">{t("deadEnds.help")}</Text>
        <List size="sm" spacing={4}>
          {shown.map((deadEnd) => (
            <List.Item key={`${deadEnd.sector.id}:${deadEnd.flow}:${deadEnd.problem}:${deadEnd.person?.id ?? ""}`}>
              {deadEndText(t, deadEnd)}
            </List.Item>
          ))}
        </List>
        {fixPath ? (
          <Button
            component={Link}
            to={fixPath}
            variant="default"
            size="xs"
            w="fit-content"
            maw="100%"
            h="auto"
            py={6}
            styles={{ label: { whiteSpace: "normal" } }}
            rightSection={<IconArrowRight size={14} aria-hidden />}
          >
            {t("deadEnds.fix")}
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}
