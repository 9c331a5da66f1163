import { Alert, Button, Group, Paper, Stack, Switch, Text } from "@mantine/core";
import { type TRiskMatrix, V, ZRiskMatrixInputSchema } from "@openpermit/shared";
import { IconLock, IconRefresh } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { useLeaveGuard } from "../../../components/leave-guard";
import { PageTitle } from "../../../components/page-title";
import { QueryState } from "../../../components/query-state";
import { isApiError } from "../../../lib/api/api-error";
import { useErrorMessage } from "../../../lib/api/use-error-message";
import { translateFieldError } from "../../../lib/forms/use-schema-form";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useSession } from "../../../lib/session/session-context";
import { sessionArea } from "../../../lib/session/session-state";
import { useResetRiskMatrix, useRiskMatrix, useRiskMatrixSettings, useSaveRiskMatrix } from "../api/risk-matrix";
import { AxisEditor } from "../components/matrix/axis-editor";
import { CriticalityTable } from "../components/matrix/criticality-table";
import { LevelsEditor } from "../components/matrix/levels-editor";
import {
  addAxisItem,
  addLevel,
  draftOf,
  hasGrid,
  inputOf,
  LEVEL_SWATCHES,
  missingCells,
  moveAxisItem,
  removeAxisItem,
  removeLevel,
  setAxisLabel,
  setCell,
  type TAxis,
  type TMatrixDraft,
  updateLevel,
} from "../components/matrix/matrix-draft";
import { issuesToFields, placeMatrixErrors, type TMatrixErrors } from "../components/matrix/matrix-errors";
import { SaveButton } from "../components/save-button";

/** Enterprise and super-responsible: the risk matrix (criticality). Read only unless the server says canEdit. */
export function RiskMatrixPage() {
  const { t } = useTranslation("risks");
  const matrix = useRiskMatrix();
  return (
    <>
      <PageTitle title={t("common:pages.riskMatrix")} description={t("matrix.description")} />
      <QueryState query={matrix} keepDataOnError>
        {(loaded) => (
          // A new matrix from the server (save, default) starts a fresh draft; a settings change does not.
          <MatrixEditor key={contentKey(loaded)} matrix={loaded} />
        )}
      </QueryState>
    </>
  );
}

const contentKey = ({ probabilities, severities, levels, cells }: TRiskMatrix) =>
  JSON.stringify([probabilities, severities, levels, cells]);

const NO_ERRORS: TMatrixErrors = { axis: {}, levels: {}, general: [] };

function MatrixEditor({ matrix }: { matrix: TRiskMatrix }) {
  const { t } = useTranslation("risks");
  const describe = useErrorMessage();
  const session = useSession();
  const isEnterprise = sessionArea(session) === "enterprise";
  const readOnly = !matrix.canEdit;
  const [draft, setDraft] = useState<TMatrixDraft>(() => draftOf(matrix));
  const [dirty, setDirty] = useState(false);
  // A matrix edited and not saved: leaving the page asks first.
  useLeaveGuard(dirty && !readOnly);
  const [errors, setErrors] = useState<TMatrixErrors>(NO_ERRORS);
  const [error, setError] = useState<unknown>(null);
  const [confirmDefault, setConfirmDefault] = useState(false);
  const save = useSaveRiskMatrix();
  const reset = useResetRiskMatrix();
  const settings = useRiskMatrixSettings();
  const tr = (key: string) => String(translateFieldError(t, key));
  const translated = (record: Record<string, string>) =>
    Object.fromEntries(Object.entries(record).map(([key, value]) => [key, tr(value)]));

  const edit = (next: (current: TMatrixDraft) => TMatrixDraft) => {
    setDraft(next);
    setDirty(true);
  };
  const axisHandlers = (axis: TAxis) => ({
    onLabel: (key: string, label: string) => edit((d) => setAxisLabel(d, axis, key, label)),
    onMove: (key: string, by: -1 | 1) => edit((d) => moveAxisItem(d, axis, key, by)),
    onRemove: (key: string) => edit((d) => removeAxisItem(d, axis, key)),
    onAdd: () => edit((d) => addAxisItem(d, axis)),
  });

  const submit = async () => {
    setError(null);
    const body = inputOf(draft);
    const parsed = ZRiskMatrixInputSchema.safeParse(body);
    if (!parsed.success) {
      const fields = issuesToFields(parsed.error.issues);
      // zod skips the table check while a field is wrong; say it anyway, with the rest.
      if (hasGrid(draft) && missingCells(draft) > 0) fields.cells ??= V.matrixIncomplete;
      setErrors(placeMatrixErrors(draft, fields));
      return;
    }
    setErrors(NO_ERRORS);
    try {
      await save.mutateAsync(parsed.data);
      setDirty(false);
      notifySuccess(t("matrix.saved"));
    } catch (caught) {
      if (isApiError(caught) && Object.keys(caught.fields).length > 0) {
        setErrors(placeMatrixErrors(draft, caught.fields));
      }
      setError(caught);
    }
  };

  const hasFieldErrors =
    errors.general.length > 0 || Object.keys(errors.axis).length > 0 || Object.keys(errors.levels).length > 0;

  return (
    <Stack gap="md">
      {readOnly ? (
        <Alert color="gray" variant="light" icon={<IconLock aria-hidden />} data-testid="matrix-read-only">
          {t("matrix.readOnly")}
        </Alert>
      ) : (
        <Group justify="space-between" gap="sm">
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => setConfirmDefault(true)}
          >
            {t("matrix.startDefault")}
          </Button>
        </Group>
      )}
      {isEnterprise ? (
        <Paper withBorder p="md">
          <Switch
            label={t("matrix.mayEdit")}
            checked={matrix.superResponsibleMayEdit}
            disabled={settings.isPending}
            onChange={(event) => {
              const superResponsibleMayEdit = event.currentTarget.checked;
              settings.mutate(
                { superResponsibleMayEdit },
                {
                  onSuccess: () => notifySuccess(t("matrix.settingsSaved")),
                  onError: (caught) => notifyError(describe(caught)),
                },
              );
            }}
          />
        </Paper>
      ) : null}
      <CriticalityTable
        draft={draft}
        readOnly={readOnly}
        onCell={(probability, severity, level) => edit((d) => setCell(d, probability, severity, level))}
      />
      <Group align="flex-start" grow preventGrowOverflow={false} gap="md" wrap="wrap">
        <AxisEditor
          axis="probabilities"
          items={draft.probabilities}
          readOnly={readOnly}
          errors={translated(errors.axis)}
          {...axisHandlers("probabilities")}
        />
        <AxisEditor
          axis="severities"
          items={draft.severities}
          readOnly={readOnly}
          errors={translated(errors.axis)}
          {...axisHandlers("severities")}
        />
      </Group>
      <LevelsEditor
        levels={draft.levels}
        readOnly={readOnly}
        errors={translated(errors.levels)}
        onChange={(key, patch) => edit((d) => updateLevel(d, key, patch))}
        onRemove={(key) => edit((d) => removeLevel(d, key))}
        onAdd={() => edit((d) => addLevel(d, LEVEL_SWATCHES[d.levels.length % LEVEL_SWATCHES.length]!))}
      />
      {readOnly ? null : (
        <Paper withBorder p="md" pos="sticky" bottom={0} style={{ zIndex: 2 }}>
          <Stack gap="xs">
            {hasFieldErrors ? (
              <Alert color="red" variant="light" role="alert" data-testid="matrix-errors">
                <Text fz="sm">{t("matrix.fixErrors")}</Text>
                {errors.general.map((key) => (
                  <Text fz="sm" key={key}>
                    {tr(key)}
                  </Text>
                ))}
              </Alert>
            ) : null}
            {error && !hasFieldErrors ? <ApiErrorAlert error={error} /> : null}
            <Group justify="space-between" gap="sm">
              <Text fz="sm" c="dimmed" aria-live="polite">
                {dirty ? t("matrix.unsaved") : ""}
              </Text>
              <SaveButton saving={save.isPending} onSave={() => void submit()} />
            </Group>
          </Stack>
        </Paper>
      )}
      <ConfirmDialog
        opened={confirmDefault}
        title={t("matrix.defaultTitle")}
        confirmLabel={t("matrix.defaultConfirm")}
        danger
        onClose={() => setConfirmDefault(false)}
        onConfirm={async () => {
          await reset.mutateAsync(undefined);
          notifySuccess(t("matrix.defaultDone"));
        }}
      >
        {t("matrix.defaultText")}
      </ConfirmDialog>
    </Stack>
  );
}
