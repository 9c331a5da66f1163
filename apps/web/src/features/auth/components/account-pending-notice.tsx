import { Anchor, EmptyState } from "@mantine/core";
import { IconHourglass } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/** After confirming an enterprise account: it waits for the platform admin before anyone may sign in. */
export function AccountPendingNotice() {
  const { t } = useTranslation("auth");
  return (
    <EmptyState
      icon={<IconHourglass aria-hidden />}
      variant="light"
      title={t("confirm.pendingTitle")}
      description={t("confirm.pendingDescription")}
      role="status"
    >
      <EmptyState.Actions>
        <Anchor component={Link} to="/auth/sign-in/default">
          {t("backToSignIn")}
        </Anchor>
      </EmptyState.Actions>
    </EmptyState>
  );
}
