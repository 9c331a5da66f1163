import { Anchor, Center, EmptyState, Loader, Stack } from "@mantine/core";
import { IconLinkOff } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { isApiError } from "../../../lib/api/api-error";
import { useInvitation } from "../api/invitation";
import { AuthHeader } from "../components/auth-header";
import { CompleteAccountForm } from "../components/complete-account-form";

function InvalidInvitation() {
  const { t } = useTranslation("auth");
  return (
    <EmptyState
      icon={<IconLinkOff aria-hidden />}
      variant="light"
      color="red"
      title={t("complete.invalidTitle")}
      description={t("errors:INVITATION_INVALID")}
      role="alert"
    >
      <EmptyState.Actions>
        <Anchor component={Link} to="/auth/sign-in/default">
          {t("backToSignIn")}
        </Anchor>
      </EmptyState.Actions>
    </EmptyState>
  );
}

/** Complete-Account (an invited person) and complete/supplier (an invited supplier company). */
export function CompleteAccountPage({ variant }: { variant: "person" | "supplier" }) {
  const { t } = useTranslation("auth");
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const invitation = useInvitation(token);
  const invalid = !token || (isApiError(invitation.error) && invitation.error.code === "INVITATION_INVALID");

  return (
    <>
      <AuthHeader
        title={t(variant === "supplier" ? "complete.supplierTitle" : "complete.title")}
        subtitle={
          !invitation.data
            ? undefined
            : invitation.data.companyName
              ? t("complete.subtitle", { companyName: invitation.data.companyName })
              : t("complete.subtitleNoCompany")
        }
      />
      {invalid ? (
        <InvalidInvitation />
      ) : invitation.isPending ? (
        <Center py="xl">
          <Loader aria-label={t("common:loading")} />
        </Center>
      ) : invitation.data ? (
        <CompleteAccountForm token={token} invitation={invitation.data} withCompany={variant === "supplier"} />
      ) : (
        <Stack>
          <ApiErrorAlert error={invitation.error} />
        </Stack>
      )}
    </>
  );
}
