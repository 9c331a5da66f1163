import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import {
  PERMIT_WINDOW_DEFAULTS,
  sendMissing,
  type TPermit,
  type TPermitActionInput,
  type TSendContext,
} from "@openpermit/shared";
import { IconAlertTriangle, IconDeviceFloppy, IconHistory, IconSend } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { useLeaveGuard } from "../../../components/leave-guard";
import { isApiError } from "../../../lib/api/api-error";
import { useFormatDateTime } from "../../../lib/i18n/use-format-date";
import { notifySuccess } from "../../../lib/notify";
import { useSession } from "../../../lib/session/session-context";
import { IsolationsSection, usePermitIsolationChoice } from "../../isolations/components/isolations-section";
import { clashesKey, getPermitClashes } from "../api/clashes";
import {
  useApplicableToPlace,
  useEnterpriseSpecificRisks,
  useEnterpriseSubSectors,
  useEnterpriseWorkTypes,
  usePrincipals,
} from "../api/form-sources";
import { usePermitAction, useSaveDraft } from "../api/permits";
import { useRefreshPermits } from "../api/query-keys";
import { ClashSendDialog } from "../components/clash-send-dialog";
import { CrewSection } from "./crew-section";
import { CriticalitySection } from "./criticality-section";
import { DetailsSection } from "./details-section";
import { FilesSection } from "./files-section";
import { usePermitLocalDraft } from "./local-draft";
import { draftOf, emptyFormValues, formValuesOf, parsedDraft, saveErrors } from "./permit-form-values";
import { PlaceSection } from "./place-section";
import { QuestionsSection, shownItems, type TChecklistGroup } from "./questions-section";
import { RisksSection, requiredOf } from "./risks-section";
import { SendBlockers } from "./send-blockers";
import { useFileUploads } from "./use-file-uploads";
import { showFieldErrors, usePermitForm } from "./use-permit-form";

/** Refusals of a send that are about the permit as a whole, not one field: shown as their own alert. */
const SEND_BLOCKERS = ["NO_PERMIT_MANAGER", "NO_PERMIT_CREDITS", "SECTOR_DELETED", "CONFLICT"];

interface TPermitRequestFormProps {
  /** The draft or recheck being edited; null for a new request. */
  initial: TPermit | null;
  /** The first save made the draft: the page puts its id in the URL. */
  onCreated: (permit: TPermit) => void;
  onSent: (permit: TPermit) => void;
  /**
   * An internal permit: principal staff write for their own enterprise (no principal to pick, no contractor);
   * the sources are read with its id, which the server accepts as the caller's own.
   */
  ownEnterprise?: { id: string; name: string } | null;
}

/**
 * "Create a request": the permit form of a contractor, or of principal staff for an internal permit. Saving keeps a draft (it may be incomplete); sending
 * saves, then asks the server to send. Whatever was typed stays on screen whatever the server answers.
 */
export function PermitRequestForm({ initial, onCreated, onSent, ownEnterprise = null }: TPermitRequestFormProps) {
  const { t } = useTranslation("permits");
  const formatDateTime = useFormatDateTime();
  const session = useSession();
  const form = usePermitForm(initial ? formValuesOf(initial) : emptyFormValues(ownEnterprise?.id ?? null));
  const values = form.getValues();
  // The form object is new on every render; effects reach it through this ref (not as a dependency).
  const formRef = useRef(form);
  formRef.current = form;
  const [permitId, setPermitId] = useState(initial?.id ?? null);
  const [failure, setFailure] = useState<unknown>(null);
  /** A chosen file could not be stored: the permit is not sent without it (the user retries or removes it). */
  const [filesBlocking, setFilesBlocking] = useState(false);
  const [incomplete, setIncomplete] = useState(false);
  const save = useSaveDraft();
  const act = usePermitAction();
  const queryClient = useQueryClient();
  const [clashSendFor, setClashSendFor] = useState<string | null>(null);
  const refresh = useRefreshPermits();
  const files = useFileUploads(permitId, initial?.files ?? [], () => void refresh());
  const localDraft = usePermitLocalDraft({
    form,
    userId: session.id,
    permitId,
    savedAt: initial?.updatedAt ?? null,
  });
  // Typed and not saved, or files chosen and not stored yet: leaving asks first.
  useLeaveGuard(form.isDirty() || files.uploads.some((upload) => upload.state !== "refused"));

  /**
   * A change the form makes itself (the only principal, what the place requires) is no typing: on an untouched form
   * it becomes the new baseline, so opening a draft or a new request does not count as unsaved changes.
   */
  const setUnlessTyped = (change: (current: typeof form) => void) => {
    const current = formRef.current;
    const untouched = !current.isDirty();
    change(current);
    if (untouched) current.resetDirty(current.getValues());
  };

  // One affiliated enterprise: it is the principal, nothing to choose.
  const principals = usePrincipals(ownEnterprise === null);
  const onlyPrincipal = principals.data?.length === 1 ? principals.data[0]!.enterprise.id : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: setUnlessTyped reaches the form through its ref.
  useEffect(() => {
    if (onlyPrincipal && !formRef.current.getValues().enterpriseId) {
      setUnlessTyped((current) => current.setFieldValue("enterpriseId", onlyPrincipal));
    }
  }, [onlyPrincipal]);

  const { enterpriseId, sectorId, subSectorId, workTypeId } = values;
  const place = useMemo(
    () => (enterpriseId && sectorId && workTypeId ? { enterpriseId, sectorId, subSectorId, workTypeId } : null),
    [enterpriseId, sectorId, subSectorId, workTypeId],
  );
  const applicable = useApplicableToPlace(place);
  const isolations = usePermitIsolationChoice(permitId, { enterpriseId, sectorId, subSectorId });
  const current = place ? applicable.data : undefined;
  const required = requiredOf(current);

  // What the place and work type require joins what the user picked (upward only: nothing is taken away).
  // biome-ignore lint/correctness/useExhaustiveDependencies: setUnlessTyped reaches the form through its ref.
  useEffect(() => {
    if (!current) return;
    const now = formRef.current.getValues();
    const merge = (mine: string[], needed: string[]) => [...new Set([...needed, ...mine])];
    setUnlessTyped((form) =>
      form.setValues({
        riskIds: merge(
          now.riskIds,
          current.risks.map((item) => item.id),
        ),
        specificRiskIds: merge(
          now.specificRiskIds,
          current.specificRisks.map((item) => item.id),
        ),
        epiIds: merge(
          now.epiIds,
          current.epis.map((item) => item.id),
        ),
      }),
    );
  }, [current]);

  const workTypes = useEnterpriseWorkTypes(enterpriseId);
  const specificRisks = useEnterpriseSpecificRisks(enterpriseId);
  const checklists = useMemo((): TChecklistGroup[] => {
    const groups: TChecklistGroup[] = [];
    const workType = workTypes.data?.find((item) => item.id === workTypeId);
    if (workType && workType.checklist.length > 0) {
      groups.push({
        source: "workType",
        sourceId: workType.id,
        name: workType.name,
        items: workType.checklist,
        mayBeNotApplicable: workType.checklistMayBeNotApplicable,
      });
    }
    for (const id of values.specificRiskIds) {
      const risk = specificRisks.data?.find((item) => item.id === id);
      if (risk && risk.checklist.length > 0) {
        groups.push({
          source: "specificRisk",
          sourceId: risk.id,
          name: risk.name,
          items: risk.checklist,
          mayBeNotApplicable: risk.checklistMayBeNotApplicable,
        });
      }
    }
    return groups;
  }, [workTypes.data, specificRisks.data, workTypeId, values.specificRiskIds]);

  const draft = () => draftOf(form.getValues(), shownItems(checklists), required);

  // The send gate as the server applies it, judged live so that every reason shows before Send is pressed. The
  // enterprise's own grace is the server's to apply; the default is used here.
  const subSectors = useEnterpriseSubSectors(enterpriseId, sectorId);
  const chosenWorkType = workTypes.data?.find((item) => item.id === workTypeId);
  const sendContext = (): TSendContext => ({
    now: new Date(),
    startGraceMinutes: PERMIT_WINDOW_DEFAULTS.startGraceMinutes,
    maxValidityHours: chosenWorkType?.maxValidityHours ?? PERMIT_WINDOW_DEFAULTS.maxValidityHours,
    subSectorRequired: (subSectors.data?.length ?? 0) > 0,
  });
  const sendReasons = (() => {
    const body = draft();
    return Object.keys(saveErrors(body)).length > 0 ? {} : sendMissing(parsedDraft(body), sendContext());
  })();

  /** Saves the draft; null when it could not be (the reasons are on the fields or in the alert). */
  const saveDraft = async (): Promise<TPermit | null> => {
    setFailure(null);
    setIncomplete(false);
    const body = draft();
    if (showFieldErrors(form, saveErrors(body))) return null;
    const sentValues = form.getValues();
    try {
      const saved = await save.mutateAsync({ id: permitId, draft: body });
      // What was sent is saved: typing since then (if any) is what remains unsaved.
      form.resetDirty(sentValues);
      localDraft.saved(saved.id, saved.updatedAt);
      // The isolations are stored with the draft; a refusal is shown, and the draft stays saved.
      const isolationsFailure = await isolations.save(saved.id).then(
        () => null,
        (caught: unknown) => caught ?? new Error("isolations"),
      );
      if (!permitId) {
        setPermitId(saved.id);
        onCreated(saved);
      }
      if (isolationsFailure) {
        setFailure(isolationsFailure);
        return null;
      }
      return saved;
    } catch (caught) {
      if (!(isApiError(caught) && showFieldErrors(form, caught.fields))) setFailure(caught);
      return null;
    }
  };

  const onSave = async () => {
    if (await saveDraft()) notifySuccess(t("toast.draftSaved"));
  };

  /** Sends the saved draft (with the clashes' acknowledgements): a refusal is the caller's to show. */
  const send = async (id: string, input: TPermitActionInput = {}) => {
    const sent = await act.mutateAsync({ id, action: "send", input });
    notifySuccess(t("toast.send"));
    onSent(sent);
  };

  const onSend = async () => {
    setFilesBlocking(false);
    const saved = await saveDraft();
    if (!saved) return;
    // The contract's own list of what sending needs: no request for what is known to be missing.
    const missing = sendMissing(parsedDraft(draft()), sendContext());
    if (showFieldErrors(form, missing)) {
      setIncomplete(true);
      return;
    }
    if (!(await files.settle(saved.id))) {
      setFilesBlocking(true);
      return;
    }
    // Clashes (other live permits at its place and time) are acknowledged in a dialog first, each with a remark.
    const clashes = await queryClient
      .fetchQuery({ queryKey: clashesKey(saved.id), queryFn: () => getPermitClashes(saved.id), staleTime: 0 })
      .catch(() => null);
    if (clashes === null || clashes.clashes.length > 0) {
      setClashSendFor(saved.id);
      return;
    }
    try {
      await send(saved.id);
    } catch (caught) {
      if (isApiError(caught) && !SEND_BLOCKERS.includes(caught.code) && showFieldErrors(form, caught.fields)) {
        setIncomplete(true);
        return;
      }
      setFailure(caught);
    }
  };

  const busy = save.isPending || act.isPending;
  return (
    // No submit button: Enter in a field must not send a permit by accident; Send is an explicit click.
    <form noValidate onSubmit={(event) => event.preventDefault()} data-testid="permit-form">
      <Stack gap="lg">
        {localDraft.offer ? (
          <Alert
            color="blue"
            variant="light"
            icon={<IconHistory aria-hidden />}
            title={t("form.localCopy.title")}
            data-testid="permit-local-copy"
          >
            <Stack gap="sm">
              <Text fz="sm">
                {t(initial ? "form.localCopy.textSaved" : "form.localCopy.textNew", {
                  date: formatDateTime(localDraft.offer.at),
                })}
              </Text>
              <Group gap="xs">
                <Button size="xs" onClick={localDraft.restore}>
                  {t("form.localCopy.restore")}
                </Button>
                <Button size="xs" variant="default" onClick={localDraft.discard}>
                  {t("form.localCopy.discard")}
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : null}
        {initial?.status === "Recheck" && initial.remark ? (
          <Alert
            color="orange.9"
            icon={<IconAlertTriangle aria-hidden />}
            title={t("form.recheckAsked")}
            // The light variant's orange title is below 4.5:1 on its tint; the icon keeps the colour.
            styles={{ title: { color: "var(--mantine-color-text)" } }}
          >
            {initial.remark}
          </Alert>
        ) : null}
        <PlaceSection form={form} principalLocked={permitId !== null} ownEnterprise={ownEnterprise} />
        <DetailsSection form={form} />
        <CrewSection form={form} named={initial?.crew ?? []} />
        <RisksSection form={form} applicable={current} loading={place !== null && applicable.isFetching} />
        <IsolationsSection choice={isolations} />
        <CriticalitySection form={form} />
        <QuestionsSection form={form} checklists={checklists} />
        <FilesSection files={files} saved={permitId !== null} />
        <SendBlockers reasons={sendReasons} />
        {incomplete ? (
          <Alert color="red" variant="light" role="alert" data-testid="send-incomplete">
            {t("form.incomplete")}
          </Alert>
        ) : null}
        {filesBlocking ? (
          <Alert color="red" variant="light" role="alert" data-testid="send-files-blocking">
            {t("files.sendBlocked")}
          </Alert>
        ) : null}
        <ApiErrorAlert error={failure} />
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            loading={save.isPending && !act.isPending}
            disabled={busy}
            onClick={() => void onSave()}
            data-testid="permit-save"
          >
            {t("form.saveDraft")}
          </Button>
          <Button
            leftSection={<IconSend size={16} aria-hidden />}
            loading={busy}
            disabled={files.busy}
            onClick={() => void onSend()}
            data-testid="permit-send"
          >
            {t("form.send")}
          </Button>
        </Group>
      </Stack>
      {clashSendFor ? (
        <ClashSendDialog
          opened
          permitId={clashSendFor}
          onConfirm={(input) => send(clashSendFor, input)}
          onClose={() => setClashSendFor(null)}
        />
      ) : null}
    </form>
  );
}
