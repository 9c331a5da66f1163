import { Anchor, Stack } from "@mantine/core";
import { isContractorArea, permitPaths } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { QueryState } from "../../../components/query-state";
import { useSession } from "../../../lib/session/session-context";
import { sessionArea } from "../../../lib/session/session-state";
import { usePermit } from "../api/permits";
import { PermitLoadError } from "../components/permit-load-error";
import { PermitView } from "../components/permit-view";

/** `list-permis-sent/:id` (contractors) and `permit/:id` (principal staff): one permit, as the caller may see it. */
export function PermitPage() {
  const { t } = useTranslation("permits");
  const { id = "" } = useParams();
  const permit = usePermit(id);
  const area = sessionArea(useSession());
  const back = isContractorArea(area) ? permitPaths(area).sent : permitPaths(area).principalList;
  return (
    <Stack gap="md">
      <Anchor component={Link} to={back} fz="sm">
        {t("page.back")}
      </Anchor>
      <QueryState query={permit} keepDataOnError renderError={(error) => <PermitLoadError error={error} />}>
        {(loaded) => <PermitView permit={loaded} onReload={permit.refetch} />}
      </QueryState>
    </Stack>
  );
}
