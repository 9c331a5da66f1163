import { Alert, Anchor, Stack } from "@mantine/core";
import type { TPermit } from "@openpermit/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { PageTitle } from "../../../components/page-title";
import { SectionLoader } from "../../../components/section-loader";
import { isApiError } from "../../../lib/api/api-error";
import { useSession } from "../../../lib/session/session-context";
import { sessionArea } from "../../../lib/session/session-state";
import { usePermit } from "../api/permits";
import { permitKeys } from "../api/query-keys";
import { permitPaths } from "../components/permit-paths";
import { PermitView } from "../components/permit-view";
import { PermitRequestForm } from "../form/permit-request-form";

const NEW = "new";

/**
 * `list-permis-saved/new` and `list-permis-saved/:id` (Supplier, Employee): "Create a request", or a draft or
 * recheck to go on with. A permit that can no longer be edited is shown read only.
 */
export function PermitFormPage() {
  const { t } = useTranslation("permits");
  const { id = NEW } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const paths = permitPaths(sessionArea(useSession()));
  // The first save moves a new request to its own URL; the form on screen (and its uploads) stays the same.
  const created = useRef<string | null>(null);
  const isNew = id === NEW;
  const permit = usePermit(isNew ? null : id);
  const formKey = id === created.current ? NEW : id;

  const onCreated = (draft: TPermit) => {
    created.current = draft.id;
    queryClient.setQueryData(permitKeys.one(draft.id), draft);
    navigate(paths.edit(draft.id), { replace: true });
  };

  const body = () => {
    if (isNew || formKey === NEW) {
      return (
        <PermitRequestForm
          key={NEW}
          initial={null}
          onCreated={onCreated}
          onSent={(sent) => navigate(paths.view(sent.id))}
        />
      );
    }
    if (permit.isPending) return <SectionLoader />;
    if (permit.error && !permit.data) {
      return isApiError(permit.error) && (permit.error.status === 404 || permit.error.status === 400) ? (
        <Alert color="gray" data-testid="permit-not-found">
          {t("page.notFound")}
        </Alert>
      ) : (
        <ApiErrorAlert error={permit.error} />
      );
    }
    if (!permit.data.canEdit) return <PermitView permit={permit.data} onReload={permit.refetch} />;
    return (
      <PermitRequestForm
        key={formKey}
        initial={permit.data}
        onCreated={onCreated}
        onSent={(sent) => navigate(paths.view(sent.id))}
      />
    );
  };

  const editing = !isNew && permit.data && permit.data.canEdit;
  const showTitle = isNew || formKey === NEW || editing;
  return (
    <Stack gap="md">
      <Anchor component={Link} to={paths.saved} fz="sm">
        {t("page.back")}
      </Anchor>
      {showTitle ? (
        <PageTitle
          title={t(isNew || formKey === NEW ? "form.newTitle" : "form.editTitle")}
          description={t("form.description")}
        />
      ) : null}
      {body()}
    </Stack>
  );
}
