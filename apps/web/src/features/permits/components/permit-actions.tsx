import { Button, Group } from "@mantine/core";
import { isSignedAction, type TPermit, type TPermitAction, type TPermitActionInput } from "@openpermit/shared";
import { IconCopy, IconPencil } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { isApiError } from "../../../lib/api/api-error";
import { useErrorMessage } from "../../../lib/api/use-error-message";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useSession } from "../../../lib/session/session-context";
import { useDuplicatePermit, usePermitAction } from "../api/permits";
import { needsConfirmation, needsRemark } from "../api/workflow";
import { DeleteDraftButton, mayDeleteDraft } from "./delete-draft-button";
import { PermitPrintLinks } from "./permit-print-links";
import { RemarkDialog } from "./remark-dialog";
import { RerateButton } from "./rerate-dialog";

// Loaded when first opened: each is for one party at one step, and the permit page has a size budget.
const AcceptDialog = lazy(() => import("./accept-dialog").then((m) => ({ default: m.AcceptDialog })));
const StartDialog = lazy(() => import("./start-dialog").then((m) => ({ default: m.StartDialog })));
const SignDialog = lazy(() => import("./sign-dialog").then((m) => ({ default: m.SignDialog })));
const CloseOutDialog = lazy(() => import("./close-out-dialog").then((m) => ({ default: m.CloseOutDialog })));
const ClashSendDialog = lazy(() => import("./clash-send-dialog").then((m) => ({ default: m.ClashSendDialog })));

// Suspend stops the work on site: as plain to see as a rejection or a cancellation.
const DANGER: readonly TPermitAction[] = ["reject", "cancel", "suspend"];
/**
 * Actions with a dialog of their own: the conditions and the declaration (accept), the window (start), the
 * clashes to acknowledge (send).
 */
const OWN_DIALOG: readonly TPermitAction[] = ["accept", "start", "send"];

interface TPermitActionsProps {
  permit: TPermit;
  /** Where "Edit" leads (the request form), when the caller may edit. */
  editPath: string | null;
  /** The new draft a duplicate made. */
  onDuplicated: (copy: TPermit) => void;
  /** A 409: the permit changed meanwhile (it is reloaded by then). */
  onConflict: () => void;
  /** The draft was deleted: leave its page. */
  onDeleted: () => void;
}

/**
 * Exactly the actions the server says the caller may take now (`permit.actions`), plus Edit and Duplicate.
 * A recheck, a rejection or a suspension asks for a remark (the reason is the point); a cancellation is confirmed
 * first (it cannot be undone); a signed action (verify, approve, hand-back, resume) asks for the signature; "Accept
 * the conditions" shows them and asks for the declaration; "Start" shows the window first; "End the work" asks for
 * the close-out.
 */
export function PermitActions({ permit, editPath, onDuplicated, onConflict, onDeleted }: TPermitActionsProps) {
  const { t } = useTranslation("permits");
  const { id: userId } = useSession();
  const describe = useErrorMessage();
  const act = usePermitAction();
  const duplicate = useDuplicatePermit();
  const [asking, setAsking] = useState<TPermitAction | "duplicate" | null>(null);

  const run = async (action: TPermitAction, input: TPermitActionInput = {}) => {
    try {
      await act.mutateAsync({ id: permit.id, action, input });
      notifySuccess(t(`toast.${action}`));
    } catch (caught) {
      if (isApiError(caught) && caught.status === 409 && caught.code === "CONFLICT") {
        onConflict();
        return;
      }
      throw caught;
    }
  };
  /** A direct action (no dialog): its refusal is a toast. */
  const runDirect = (action: TPermitAction) => run(action).catch((caught) => notifyError(describe(caught)));

  const close = () => setAsking(null);
  const remarkAction = asking && asking !== "duplicate" && needsRemark(asking) ? asking : null;
  const signAction = asking && asking !== "duplicate" && isSignedAction(asking) ? asking : null;
  const asksFirst = (action: TPermitAction) =>
    needsRemark(action) ||
    needsConfirmation(action) ||
    isSignedAction(action) ||
    action === "end" ||
    OWN_DIALOG.includes(action);
  const confirmAction =
    asking && asking !== "duplicate" && !needsRemark(asking) && needsConfirmation(asking) ? asking : null;

  const printable = permit.documentNumber !== null || permit.checkPath !== null;
  const deletable = mayDeleteDraft(permit, userId);
  const nothing = permit.actions.length === 0 && !editPath && !permit.canDuplicate && !permit.canRerate;
  if (nothing && !printable && !deletable) return null;
  return (
    <>
      <Group gap="xs" data-testid="permit-actions">
        {editPath ? (
          <Button component={Link} to={editPath} variant="default" leftSection={<IconPencil size={16} aria-hidden />}>
            {t("page.edit")}
          </Button>
        ) : null}
        {permit.actions.map((action) => (
          <Button
            key={action}
            color={DANGER.includes(action) ? "red.9" : undefined}
            variant={DANGER.includes(action) || action === "recheck" ? "outline" : "filled"}
            loading={act.isPending && act.variables?.action === action}
            disabled={act.isPending}
            onClick={() => (asksFirst(action) ? setAsking(action) : void runDirect(action))}
            data-testid={`permit-action-${action}`}
          >
            {t(`actions.${action}`)}
          </Button>
        ))}
        <RerateButton permit={permit} onConflict={onConflict} />
        {permit.canDuplicate ? (
          <Button
            variant="default"
            leftSection={<IconCopy size={16} aria-hidden />}
            onClick={() => setAsking("duplicate")}
            data-testid="permit-duplicate"
          >
            {t("page.duplicate")}
          </Button>
        ) : null}
        <PermitPrintLinks permit={permit} />
        <DeleteDraftButton permit={permit} onDeleted={onDeleted} />
      </Group>
      <RemarkDialog
        opened={remarkAction !== null}
        title={remarkAction ? t(`dialogs.${remarkAction}Title`) : ""}
        text={remarkAction ? t(`dialogs.${remarkAction}Text`) : ""}
        confirmLabel={remarkAction ? t(`actions.${remarkAction}`) : ""}
        color={remarkAction === "reject" || remarkAction === "suspend" ? "red.9" : "orange.9"}
        onConfirm={(remark) => run(remarkAction!, { remark })}
        onClose={close}
      />
      <ConfirmDialog
        opened={confirmAction !== null}
        title={confirmAction ? t(`dialogs.${confirmAction}Title`) : ""}
        confirmLabel={confirmAction ? t(`actions.${confirmAction}`) : ""}
        keepLabel={confirmAction === "cancel" ? t("dialogs.keepPermit") : undefined}
        danger
        onConfirm={() => run(confirmAction!)}
        onClose={close}
      >
        {confirmAction ? t(`dialogs.${confirmAction}Text`) : ""}
      </ConfirmDialog>
      {asking === "accept" || asking === "start" ? (
        <Suspense fallback={null}>
          <AcceptDialog
            opened={asking === "accept"}
            permit={permit}
            onConfirm={() => run("accept", { declaration: true })}
            onClose={close}
          />
          <StartDialog opened={asking === "start"} permit={permit} onConfirm={() => run("start")} onClose={close} />
        </Suspense>
      ) : null}
      {asking === "send" ? (
        <Suspense fallback={null}>
          <ClashSendDialog opened permitId={permit.id} onConfirm={(input) => run("send", input)} onClose={close} />
        </Suspense>
      ) : null}
      {signAction || asking === "end" ? (
        <Suspense fallback={null}>
          <SignDialog
            action={signAction}
            permit={permit}
            onConfirm={(input) => run(signAction!, input)}
            onClose={close}
          />
          <CloseOutDialog opened={asking === "end"} onConfirm={(input) => run("end", input)} onClose={close} />
        </Suspense>
      ) : null}
      <ConfirmDialog
        opened={asking === "duplicate"}
        title={t("page.duplicateTitle")}
        confirmLabel={t("page.duplicate")}
        onConfirm={async () => {
          const copy = await duplicate.mutateAsync(permit.id);
          notifySuccess(t("toast.duplicate"));
          onDuplicated(copy);
        }}
        onClose={close}
      >
        {t("page.duplicateText")}
      </ConfirmDialog>
    </>
  );
}
