import { Alert, Anchor, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { SectionLoader } from "../../../components/section-loader";
import { isApiError } from "../../../lib/api/api-error";
import { useSession } from "../../../lib/session/session-context";
import { sessionArea } from "../../../lib/session/session-state";
import { usePermit } from "../api/permits";
import { isContractorArea, permitPaths } from "../components/permit-paths";
import { PermitView } from "../components/permit-view";

/** `list-permis-sent/:id` (contractors) and `permit/:id` (principal staff): one permit, as the caller may see it. */
export function PermitPage() {
  const { t } = useTranslation("permits");
  const { id = "" } = useParams();
  const permit = usePermit(id);
  const area = sessionArea(useSession());
  const back = isContractorArea(area) ? permitPaths(area).sent : `/${area ?? ""}/permit`;
  return (
    <Stack gap="md">
      <Anchor component={Link} to={back} fz="sm">
        {t("page.back")}
      </Anchor>
      {permit.isPending ? (
        <SectionLoader />
      ) : permit.error && !permit.data ? (
        isApiError(permit.error) && (permit.error.status === 404 || permit.error.status === 400) ? (
          <Alert color="gray" data-testid="permit-not-found">
            {t("page.notFound")}
          </Alert>
        ) : (
          <ApiErrorAlert error={permit.error} />
        )
      ) : (
        <PermitView permit={permit.data} onReload={permit.refetch} />
      )}
    </Stack>
  );
}
