import { Alert, Badge, Group, MultiSelect, Paper, Select, SimpleGrid, Stack, Text } from "@mantine/core";
import type { TApplicable, TRiskAssignment } from "@openpermit/shared";
import { IconLock } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ApiErrorAlert } from "../../../../components/api-error-alert";
import { NextStep } from "../../../../components/next-step";
import { SectionLoader } from "../../../../components/section-loader";
import { useEpiName } from "../../../../lib/i18n/use-epi-name";
import { notifySuccess } from "../../../../lib/notify";
import { useAllSectors } from "../../../organisation/api/list-sectors";
import { useSectorSubSectors } from "../../../organisation/api/list-sub-sectors";
import { useEnterpriseEpis } from "../../api/epis";
import { type TPlace, useApplicable, useRiskAssignment, useSaveRiskAssignment } from "../../api/risk-assignments";
import { useAllRisks } from "../../api/risks";
import { useAllSpecificRisks } from "../../api/specific-risks";
import { useAllWorkTypes } from "../../api/work-types";
import { SaveButton } from "../save-button";

/**
 * Pick a sector (or one of its sub-sectors) and a work type (`?sector=&subSector=&workType=`), then the
 * risks, specific critical risks and required EPIs of that place. For a sub-sector, what it inherits from
 * its sector is shown apart: the sub-sector only adds to it.
 */
export function AssignmentPanel({ paths }: { paths: { sectors: string; workTypes: string | null } }) {
  const { t } = useTranslation("risks");
  const [params, setParams] = useSearchParams();
  const sectors = useAllSectors();
  const workTypes = useAllWorkTypes();
  const sectorId = params.get("sector");
  const subSectors = useSectorSubSectors(sectorId);
  const subSectorId = params.get("subSector");
  const workTypeId = params.get("workType");
  const choose = (changes: Record<string, string | null>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );

  if (sectors.isPending || workTypes.isPending) return <SectionLoader />;
  if (sectors.error || workTypes.error) return <ApiErrorAlert error={sectors.error ?? workTypes.error} />;
  if (sectors.data.length === 0) {
    return (
      <NextStep
        title={t("assignment.sectorFirst")}
        link={{ to: paths.sectors, label: t("assignment.goToSectors") }}
        testId="sector-first"
      />
    );
  }
  if (workTypes.data.length === 0) {
    return (
      <NextStep
        title={t("assignment.workTypeFirst")}
        link={paths.workTypes ? { to: paths.workTypes, label: t("assignment.goToWorkTypes") } : undefined}
        testId="work-type-first"
      />
    );
  }
  const place: TPlace | null =
    sectorId && workTypeId ? { sectorId, subSectorId: subSectorId || null, workTypeId } : null;

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
        <Select
          label={t("assignment.sector")}
          data={sectors.data.map((sector) => ({ value: sector.id, label: `#${sector.number} ${sector.name}` }))}
          value={sectorId}
          searchable
          onChange={(value) => choose({ sector: value, subSector: null })}
        />
        <Select
          label={t("assignment.subSector")}
          data={[
            { value: "", label: t("assignment.wholeSector") },
            ...(subSectors.data ?? []).map((subSector) => ({ value: subSector.id, label: subSector.name })),
          ]}
          value={subSectorId ?? ""}
          disabled={!sectorId}
          allowDeselect={false}
          onChange={(value) => choose({ subSector: value || null })}
        />
        <Select
          label={t("assignment.workType")}
          data={workTypes.data.map((workType) => ({ value: workType.id, label: workType.name }))}
          value={workTypeId}
          searchable
          onChange={(value) => choose({ workType: value })}
        />
      </SimpleGrid>
      {place ? (
        <AssignmentEditor place={place} />
      ) : (
        <Text c="dimmed" data-testid="choose-place">
          {t("assignment.choose")}
        </Text>
      )}
    </Stack>
  );
}

function AssignmentEditor({ place }: { place: TPlace }) {
  const assignment = useRiskAssignment(place);
  const applicable = useApplicable(place);
  if (assignment.isPending || (place.subSectorId && applicable.isPending)) return <SectionLoader />;
  if (assignment.error) return <ApiErrorAlert error={assignment.error} />;
  return (
    <AssignmentForm
      key={JSON.stringify(place)}
      place={place}
      assignment={assignment.data}
      inherited={place.subSectorId ? (applicable.data ?? null) : null}
    />
  );
}

function AssignmentForm({
  place,
  assignment,
  inherited,
}: {
  place: TPlace;
  assignment: TRiskAssignment;
  inherited: TApplicable | null;
}) {
  const { t } = useTranslation("risks");
  const risks = useAllRisks();
  const specificRisks = useAllSpecificRisks();
  const epis = useEnterpriseEpis();
  const { localised } = useEpiName();
  const save = useSaveRiskAssignment();
  const [riskIds, setRiskIds] = useState(() => assignment.risks.map((item) => item.id));
  const [specificRiskIds, setSpecificRiskIds] = useState(() => assignment.specificRisks.map((item) => item.id));
  const [epiIds, setEpiIds] = useState(() => assignment.epis.map((item) => item.id));
  const [error, setError] = useState<unknown>(null);
  const readOnly = !assignment.canEdit;
  const fromSector = {
    risks: inherited?.risks.filter((item) => item.inherited) ?? [],
    specificRisks: inherited?.specificRisks.filter((item) => item.inherited) ?? [],
    epis: localised(inherited?.epis.filter((item) => item.inherited) ?? []),
  };
  // Items no longer offered (deleted, unpicked) still show while assigned.
  const options = (all: { id: string; name: string }[] | undefined, current: { id: string; name: string }[]) => {
    const byId = new Map([...current, ...(all ?? [])].map((item) => [item.id, item.name]));
    return [...byId].map(([value, label]) => ({ value, label }));
  };

  const submit = async () => {
    setError(null);
    try {
      await save.mutateAsync({
        ...(place.subSectorId ? { subSectorId: place.subSectorId } : { sectorId: place.sectorId }),
        workTypeId: place.workTypeId,
        riskIds,
        specificRiskIds,
        epiIds,
      });
      notifySuccess(t("assignment.saved"));
    } catch (caught) {
      setError(caught);
    }
  };

  const inheritedList = (label: string, items: { id: string; name: string }[]) =>
    items.length > 0 ? (
      <Group gap={4} mt={4} data-testid="inherited">
        <Text fz="xs" c="dimmed">
          {label}
        </Text>
        {items.map((item) => (
          <Badge key={item.id} variant="outline" color="gray" c="dark" tt="none">
            {item.name}
          </Badge>
        ))}
      </Group>
    ) : null;

  return (
    <Paper withBorder p="md">
      <Stack gap="md">
        {readOnly ? (
          <Alert color="gray" variant="light" icon={<IconLock aria-hidden />} data-testid="assignment-read-only">
            {t("assignment.readOnly")}
          </Alert>
        ) : null}
        {inherited ? <Text fz="sm">{t("assignment.inheritsHelp")}</Text> : null}
        <div>
          <MultiSelect
            label={t("assignment.risks")}
            data={options(risks.data, assignment.risks)}
            value={riskIds}
            onChange={setRiskIds}
            searchable
            readOnly={readOnly}
            nothingFoundMessage={t("assignment.nothingFound")}
          />
          {inheritedList(t("assignment.fromSector"), fromSector.risks)}
        </div>
        <div>
          <MultiSelect
            label={t("assignment.specificRisks")}
            data={options(specificRisks.data, assignment.specificRisks)}
            value={specificRiskIds}
            onChange={setSpecificRiskIds}
            searchable
            readOnly={readOnly}
            nothingFoundMessage={t("assignment.nothingFound")}
          />
          {inheritedList(t("assignment.fromSector"), fromSector.specificRisks)}
        </div>
        <div>
          <MultiSelect
            label={t("assignment.epis")}
            description={t("assignment.episHelp")}
            data={options(localised(epis.data?.filter((epi) => epi.selected) ?? []), localised(assignment.epis))}
            value={epiIds}
            onChange={setEpiIds}
            searchable
            readOnly={readOnly}
            nothingFoundMessage={t("assignment.nothingFound")}
          />
          {inheritedList(t("assignment.fromSector"), fromSector.epis)}
        </div>
        <ApiErrorAlert error={error} />
        {readOnly ? null : (
          <Group justify="flex-end">
            <SaveButton saving={save.isPending} onSave={() => void submit()} />
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
