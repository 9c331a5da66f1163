import { Alert, Anchor } from "@mantine/core";
import { AREA_DEFAULT_PAGE } from "@openpermit/shared";
import { IconLock } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { deniedFrom } from "../../../lib/session/denied-from";
import { useSession } from "../../../lib/session/session-context";
import { sessionArea } from "../../../lib/session/session-state";

/** Shown when an area guard sent a signed-in user here: that account cannot open the page asked for. */
export function OtherAccountNotice() {
  const { t } = useTranslation("auth");
  const session = useSession();
  const { state } = useLocation();
  const area = sessionArea(session);
  const path = deniedFrom(state);
  if (!area || !path) return null;
  return (
    <Alert color="yellow" variant="light" icon={<IconLock aria-hidden />} mb="md" data-testid="other-account-notice">
      {t("signIn.otherAccount", { name: session.name ?? session.email ?? "", path })}{" "}
      <Anchor component={Link} to={`/${area}/${AREA_DEFAULT_PAGE}`} fz="sm">
        {t("signIn.backToDashboard")}
      </Anchor>
    </Alert>
  );
}
