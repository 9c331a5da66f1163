import { Anchor, Button, Group, PasswordInput, Stack, Text } from "@mantine/core";
import { AREA_DEFAULT_PAGE } from "@openpermit/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { EmailInput } from "../../../components/email-input";
import { usePasswordToggleProps } from "../../../components/password-toggle";
import { isApiError } from "../../../lib/api/api-error";
import { useCheckedForm } from "../../../lib/forms/use-checked-form";
import { deniedFrom } from "../../../lib/session/denied-from";
import { RETURN_PARAM, safeReturnPath } from "../../../lib/session/return-path";
import { useSession } from "../../../lib/session/session-context";
import { sessionArea } from "../../../lib/session/session-state";
import { takeAccountLanguage } from "../../profile/hooks/take-account-language";
import { useSignIn } from "../api/sign-in";
import { AuthHeader } from "../components/auth-header";
import { OtherAccountNotice } from "../components/other-account-notice";
import { signInBody, signInErrors, type TSignInValues } from "../sign-in-rules";

export function SignInPage() {
  const { t, i18n } = useTranslation("auth");
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { state, search } = useLocation();
  const session = useSession();
  const signIn = useSignIn();
  const [error, setError] = useState<unknown>(null);
  const toggle = usePasswordToggleProps();
  // The first page most people open: checked without zod (sign-in-rules.ts), which it then need not load.
  const form = useCheckedForm<TSignInValues>({ validate: signInErrors, initialValues: { email: "", password: "" } });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      const token = await signIn.mutateAsync(signInBody(values));
      const started = await session.start(token);
      // The person's language, whatever this browser had (set on another device, or in the profile).
      await takeAccountLanguage(queryClient, i18n);
      const area = sessionArea(started);
      if (!area) throw new Error(`No area for role ${started.role ?? "(none)"}`);
      // Back to the page a link opened (an area guard sent the user here, or the session ended there), if it is
      // in this account's area; else its dashboard.
      const back = safeReturnPath(deniedFrom(state) ?? new URLSearchParams(search).get(RETURN_PARAM), area);
      await navigate(back ?? `/${area}/${AREA_DEFAULT_PAGE}`, { replace: true });
    } catch (caught) {
      setError(caught);
    }
  });

  const email = form.getValues().email.trim();
  const notConfirmed = isApiError(error) && error.code === "ACCOUNT_NOT_CONFIRMED";

  return (
    <>
      <AuthHeader title={t("signIn.title")} subtitle={t("signIn.subtitle")} />
      <OtherAccountNotice />
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <ApiErrorAlert error={error}>
            {notConfirmed ? (
              <Anchor component={Link} to={`/auth/Confirm-account?email=${encodeURIComponent(email)}`} display="block">
                {t("signIn.confirmNow")}
              </Anchor>
            ) : null}
          </ApiErrorAlert>
          <EmailInput label={t("fields.email")} {...form.getInputProps("email")} />
          <PasswordInput
            label={t("fields.password")}
            autoComplete="current-password"
            {...toggle}
            {...form.getInputProps("password")}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/auth/reset" fz="sm">
              {t("signIn.forgotPassword")}
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={form.submitting}>
            {t("signIn.submit")}
          </Button>
          <Text ta="center" fz="sm">
            {t("signIn.noAccount")}{" "}
            <Anchor component={Link} to="/auth/sign-up">
              {t("signIn.signUp")}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </>
  );
}
