import { Anchor, EmptyState } from "@mantine/core";
import { IconHourglass } from "@tabler/icons-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/** After confirming an enterprise account: it waits for the platform admin before anyone may sign in. */
export function AccountPendingNotice() {
  const { t } = useTranslation("auth");
  const title = t("confirm.pendingTitle");
  useEffect(() => {
    document.title = `${title} · ${t("common:brand")}`;
  }, [title, t]);
  return (
    <EmptyState icon={<IconHourglass aria-hidden />} variant="light" role="status">
      <EmptyState.Title order={1} fz="h3">
        {title}
      </EmptyState.Title>
      <EmptyState.Description>{t("confirm.pendingDescription")}</EmptyState.Description>
      <EmptyState.Actions>
        <Anchor component={Link} to="/auth/sign-in/default">
          {t("backToSignIn")}
        </Anchor>
      </EmptyState.Actions>
    </EmptyState>
  );
}
