import { Alert, Anchor, Stack } from "@mantine/core";
import type { TPermit } from "@openpermit/shared";
import { permitPaths } from "@openpermit/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { useLeaveRelease } from "../../../components/leave-guard";
import { PageTitle } from "../../../components/page-title";
import { QueryState } from "../../../components/query-state";
import { useSession } from "../../../lib/session/session-context";
import { sessionArea } from "../../../lib/session/session-state";
import { usePermit } from "../api/permits";
import { permitKeys } from "../api/query-keys";
import { ownEnterpriseOf } from "../components/own-enterprise";
import { PermitLoadError } from "../components/permit-load-error";
import { PermitView } from "../components/permit-view";
import { PermitRequestForm } from "../form/permit-request-form";

const NEW = "new";

/**
 * `list-permis-saved/new` and `list-permis-saved/:id` (Supplier, Employee): "Create a request", or a draft or
 * recheck to go on with. `i-permit` and `i-permit/:id` (principal staff): the same for an internal permit of
 * their own enterprise. A permit that can no longer be edited is shown read only.
 */
function RequestFormPage({ internal }: { internal: boolean }) {
  const { t } = useTranslation("permits");
  const { id = NEW } = useParams();
  const navigate = useNavigate();
  // The form's own moves (to the saved draft's URL, to the sent permit) leave nothing unsaved behind.
  const release = useLeaveRelease();
  const queryClient = useQueryClient();
  const session = useSession();
  const paths = permitPaths(sessionArea(session));
  const ownEnterprise = internal ? ownEnterpriseOf(session) : null;
  const editPath = internal ? paths.internalEdit : paths.edit;
  // The first save moves a new request to its own URL; the form on screen (and its uploads) stays the same.
  const created = useRef<string | null>(null);
  const isNew = id === NEW;
  const permit = usePermit(isNew ? null : id);
  const formKey = id === created.current ? NEW : id;

  const onCreated = (draft: TPermit) => {
    created.current = draft.id;
    queryClient.setQueryData(permitKeys.one(draft.id), draft);
    release(() => navigate(editPath(draft.id), { replace: true }));
  };
  const onSent = (sent: TPermit) => release(() => navigate(paths.view(sent.id)));

  const body = () => {
    if (internal && !ownEnterprise) {
      return (
        <Alert color="gray" data-testid="permit-no-enterprise">
          {t("form.noOwnEnterprise")}
        </Alert>
      );
    }
    if (isNew || formKey === NEW) {
      return (
        <PermitRequestForm
          key={NEW}
          initial={null}
          ownEnterprise={ownEnterprise}
          onCreated={onCreated}
          onSent={onSent}
        />
      );
    }
    return (
      <QueryState query={permit} keepDataOnError renderError={(error) => <PermitLoadError error={error} />}>
        {(loaded) =>
          // Only an internal permit is edited here by principal staff (a contractor's draft is its own).
          !loaded.canEdit || internal !== loaded.internal ? (
            <PermitView permit={loaded} onReload={permit.refetch} />
          ) : (
            <PermitRequestForm
              key={formKey}
              initial={loaded}
              ownEnterprise={ownEnterprise}
              onCreated={onCreated}
              onSent={onSent}
            />
          )
        }
      </QueryState>
    );
  };

  const editing = !isNew && permit.data && permit.data.canEdit && permit.data.internal === internal;
  const showTitle = isNew || formKey === NEW || editing;
  // Once saved the request exists: the heading says it is edited, while the form itself stays mounted.
  const fresh = isNew;
  const title = internal
    ? fresh
      ? "form.internalNewTitle"
      : "form.internalEditTitle"
    : fresh
      ? "form.newTitle"
      : "form.editTitle";
  return (
    <Stack gap="md">
      <Anchor component={Link} to={internal ? paths.principalList : paths.saved} fz="sm">
        {t("page.back")}
      </Anchor>
      {showTitle ? (
        <PageTitle title={t(title)} description={t(internal ? "form.internalDescription" : "form.description")} />
      ) : null}
      {body()}
    </Stack>
  );
}

export const PermitFormPage = () => <RequestFormPage internal={false} />;
export const InternalPermitFormPage = () => <RequestFormPage internal />;
