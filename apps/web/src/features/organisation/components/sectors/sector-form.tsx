import { Alert, Button, Grid, Group, NumberInput, Stack, TextInput } from "@mantine/core";
import type { TSector, TSectorInput } from "@openpermit/shared";
import { IconAlertTriangle, IconRefresh } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../../components/api-error-alert";
import { FormFooter } from "../../../../components/form-footer";
import { useLeaveGuard } from "../../../../components/leave-guard";
import { isApiError } from "../../../../lib/api/api-error";
import { useErrorMessage } from "../../../../lib/api/use-error-message";
import { useSaveThenUpload } from "../../../../lib/forms/use-save-then-upload";
import { useSchemaForm } from "../../../../lib/forms/use-schema-form";
import { notifySuccess } from "../../../../lib/notify";
import { useCreateSector } from "../../api/create-sector";
import { useUpdateSector } from "../../api/update-sector";
import { useUploadSectorMap } from "../../api/upload-sector-map";
import { DivisionSelect } from "../division-select";
import { MapFileField } from "./map-file-field";
import { sectorFormSchema, sectorInputOf, type TSectorFormValues } from "./sector-form-schema";

interface TSectorFormProps {
  sector: TSector | null;
  defaultDivisionId: string | null;
  divisions: { id: string; name: string }[];
  fixedDivision: { id: string; name: string } | null;
  onDone: () => void;
}

/**
 * Name, division, gathering point, number and map. Creating is two calls (POST the sector, then PUT
 * its map): when the upload fails the sector exists, the form stays as typed, and Save (or "Retry
 * the upload") sends only what is still missing to that same sector.
 */
export function SectorForm({ sector, defaultDivisionId, divisions, fixedDivision, onDone }: TSectorFormProps) {
  const { t } = useTranslation("organisation");
  const describe = useErrorMessage();
  const create = useCreateSector();
  const update = useUpdateSector();
  const upload = useUploadSectorMap();
  // The sector as the server last answered: the one edited, or the one this form created.
  const [saved, setSaved] = useState<TSector | null>(sector);
  const [uploadError, setUploadError] = useState<unknown>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const form = useSchemaForm<TSectorFormValues>({
    schema: sectorFormSchema,
    initialValues: {
      name: sector?.name ?? "",
      divisionId: fixedDivision?.id ?? sector?.division.id ?? defaultDivisionId ?? onlyOne(divisions) ?? "",
      gatheringPoint: sector?.gatheringPoint ?? "",
      number: sector?.number ?? "",
      map: null,
    },
  });
  // Unsaved typing: leaving the page (or closing the modal) asks first.
  useLeaveGuard(form.isDirty());

  // Every submit saves what changed (an edit's fields, and a created sector's, stay editable); a sector this form
  // created is kept in `saved`, so a retry patches it instead of creating a second one.
  const { error, submit: saveThenUpload } = useSaveThenUpload<TSector, TSectorFormValues>(form, {
    remember: false,
    fieldOfCode: { SECTOR_NUMBER_TAKEN: "number" },
    onUploadError: (caught) => {
      setUploadError(caught);
      if (isApiError(caught) && ["UNSUPPORTED_MEDIA_TYPE", "PAYLOAD_TOO_LARGE"].includes(caught.code)) {
        form.setFieldError("map", `errors:${caught.code}`);
      }
    },
  });

  const submit = form.onSubmit(async (values) => {
    const input = sectorInputOf(values);
    let current = saved;
    const done = await saveThenUpload({
      save: async () => {
        if (!current) current = await create.mutateAsync(input);
        else {
          const changes = changedFields(current, input);
          if (Object.keys(changes).length > 0) current = await update.mutateAsync({ id: current.id, ...changes });
        }
        setSaved(current);
        return current;
      },
      upload: async (target) => {
        if (!values.map) return;
        setUploadError(null);
        setProgress(0);
        try {
          await upload.mutateAsync({ id: target.id, file: values.map, onProgress: setProgress });
        } finally {
          setProgress(null);
        }
      },
    });
    if (!done || !current) return;
    notifySuccess(t(sector ? "sectors.updated" : "sectors.created", { name: current.name }));
    onDone();
  });
  const createdWithoutMap = !sector && saved !== null;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ApiErrorAlert error={error} />
        {uploadError && saved ? (
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertTriangle aria-hidden />}
            role="alert"
            data-testid="upload-error"
          >
            {t(createdWithoutMap ? "sectors.createdButNoMap" : "sectors.savedButNoMap", {
              name: saved.name,
              reason: describe(uploadError),
            })}
            <Group mt="xs">
              <Button
                size="xs"
                variant="white"
                leftSection={<IconRefresh size={14} aria-hidden />}
                loading={form.submitting}
                onClick={() => void submit()}
              >
                {t("sectors.retryUpload")}
              </Button>
            </Group>
          </Alert>
        ) : null}
        <TextInput label={t("fields.name")} data-autofocus {...form.getInputProps("name")} />
        {fixedDivision ? (
          <TextInput label={t("fields.division")} value={fixedDivision.name} readOnly variant="filled" />
        ) : (
          <DivisionSelect
            divisions={divisions}
            {...form.getInputProps("divisionId")}
            onChange={(value) => form.setFieldValue("divisionId", value ?? "")}
            value={form.getValues().divisionId || null}
          />
        )}
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <TextInput
              label={t("fields.gatheringPoint")}
              description={t("sectors.gatheringPointHelp")}
              inputWrapperOrder={["label", "input", "description", "error"]}
              {...form.getInputProps("gatheringPoint")}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <NumberInput
              label={t("fields.number")}
              description={t("sectors.numberHelp")}
              inputWrapperOrder={["label", "input", "description", "error"]}
              min={1}
              max={99_999}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps("number")}
            />
          </Grid.Col>
        </Grid>
        <MapFileField
          currentUrl={saved?.map?.url}
          progress={progress}
          {...form.getInputProps("map")}
          value={form.getValues().map}
          onChange={(file) => {
            setUploadError(null);
            form.setFieldValue("map", file);
          }}
        />
        <FormFooter onCancel={onDone} submitting={form.submitting} submitLabel={t("actions.save")} />
      </Stack>
    </form>
  );
}

function onlyOne(divisions: { id: string }[]): string | null {
  return divisions.length === 1 ? divisions[0]!.id : null;
}

function changedFields(sector: TSector, input: TSectorInput): Partial<TSectorInput> {
  const changes: Partial<TSectorInput> = {};
  if (input.name !== sector.name) changes.name = input.name;
  if (input.divisionId !== sector.division.id) changes.divisionId = input.divisionId;
  if (input.gatheringPoint !== sector.gatheringPoint) changes.gatheringPoint = input.gatheringPoint;
  if (input.number !== sector.number) changes.number = input.number;
  return changes;
}
