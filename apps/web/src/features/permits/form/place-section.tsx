import { Fieldset, Select, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { CompanyPageButton } from "../../enterprise-company/components/company-page-button";
import { placedOnly } from "../../organisation/components/map/map-coordinates";
import { SectorMap } from "../../organisation/components/map/sector-map";
import {
  useEnterpriseSector,
  useEnterpriseSectors,
  useEnterpriseSubSectors,
  useEnterpriseWorkTypes,
  usePrincipals,
} from "../api/form-sources";
import type { TPermitForm } from "./use-permit-form";

/** Where and what: the principal, the sector, the sub-sector (also pickable on the sector's map), the work type. */
export function PlaceSection({
  form,
  principalLocked,
  ownEnterprise,
}: {
  form: TPermitForm;
  principalLocked: boolean;
  /** An internal permit's enterprise: shown, not chosen. */
  ownEnterprise: { id: string; name: string } | null;
}) {
  const { t } = useTranslation("permits");
  const { enterpriseId, sectorId, subSectorId } = form.getValues();
  const principals = usePrincipals(ownEnterprise === null);
  const sectors = useEnterpriseSectors(enterpriseId);
  const subSectors = useEnterpriseSubSectors(enterpriseId, sectorId);
  const sector = useEnterpriseSector(enterpriseId, sectorId);
  const workTypes = useEnterpriseWorkTypes(enterpriseId);
  // A sector without a plan, or sub-sectors not placed yet: the select above is the way to choose.
  const markers = placedOnly(subSectors.data ?? []).map(({ id, name, x, y }) => ({ id, name, x, y }));
  // A contractor reads the chosen enterprise's company page (how to get there, hours) while writing its request.
  const chosenPrincipal = principals.data?.find(({ enterprise }) => enterprise.id === enterpriseId)?.enterprise;

  const selectProps = (path: "enterpriseId" | "sectorId" | "subSectorId" | "workTypeId") => {
    const props = form.getInputProps(path);
    return {
      ...props,
      value: (props.value as string | null) ?? null,
      searchable: true,
      nothingFoundMessage: t("form.nothingFound"),
    };
  };

  return (
    <Fieldset legend={t("form.place")}>
      <Stack gap="sm">
        {ownEnterprise ? (
          <TextInput
            label={t("fields.principal")}
            description={t("form.internalHelp")}
            value={ownEnterprise.name}
            readOnly
            data-testid="permit-own-enterprise"
          />
        ) : (
          <Select
            {...selectProps("enterpriseId")}
            label={t("fields.principal")}
            description={principals.data?.length === 0 ? t("form.noPrincipal") : undefined}
            placeholder={t("form.choose")}
            withAsterisk
            disabled={principalLocked}
            data={(principals.data ?? []).map(({ enterprise }) => ({ value: enterprise.id, label: enterprise.name }))}
            onChange={(value) => {
              // Everything below belongs to the enterprise: another one starts the place over.
              form.setValues({ enterpriseId: value, sectorId: null, subSectorId: null, workTypeId: null });
            }}
            data-testid="permit-principal"
          />
        )}
        {chosenPrincipal ? (
          <div>
            <CompanyPageButton enterprise={chosenPrincipal} size="compact-sm" />
          </div>
        ) : null}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          <Select
            {...selectProps("sectorId")}
            label={t("fields.sector")}
            placeholder={t("form.choose")}
            withAsterisk
            disabled={!enterpriseId}
            data={(sectors.data ?? []).map((item) => ({
              value: item.id,
              label: `${item.number} · ${item.name} (${item.division.name})`,
            }))}
            onChange={(value) => form.setValues({ sectorId: value, subSectorId: null })}
            data-testid="permit-sector"
          />
          <Select
            {...selectProps("subSectorId")}
            label={t("fields.subSector")}
            placeholder={t("form.wholeSector")}
            clearable
            disabled={!sectorId}
            data={(subSectors.data ?? []).map((item) => ({ value: item.id, label: item.name }))}
            data-testid="permit-sub-sector"
          />
        </SimpleGrid>
        {sector.data?.map && markers.length > 0 ? (
          <SectorMap
            sector={sector.data}
            markers={markers}
            selectedId={subSectorId}
            onMarkerSelect={(id) => form.setFieldValue("subSectorId", id)}
            permanentLabels
          />
        ) : null}
        <Select
          {...selectProps("workTypeId")}
          label={t("fields.workType")}
          placeholder={t("form.choose")}
          withAsterisk
          disabled={!enterpriseId}
          data={(workTypes.data ?? []).map((item) => ({ value: item.id, label: item.name }))}
          data-testid="permit-work-type"
        />
      </Stack>
    </Fieldset>
  );
}
