import { Anchor, Center, Stepper } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { notifySuccess } from "../../../lib/notify";
import { AuthHeader } from "../components/auth-header";
import { ResetCodeStep } from "../components/reset-code-step";
import { ResetEmailStep } from "../components/reset-email-step";
import { ResetPasswordStep } from "../components/reset-password-step";

type TResetState =
  | { step: 0; email: string }
  | { step: 1; email: string; codeExpiresAt: string }
  | { step: 2; email: string; resetToken: string };

/** Forgot password: e-mail → code (with its countdown) → new password, on one page. */
export function ResetPage() {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const [state, setState] = useState<TResetState>({ step: 0, email: "" });

  const done = () => {
    notifySuccess(t("reset.done"));
    void navigate("/auth/sign-in/default", { replace: true });
  };

  return (
    <>
      <AuthHeader title={t("reset.title")} />
      <Stepper active={state.step} size="sm" allowNextStepsSelect={false} mb="md">
        <Stepper.Step label={t("reset.steps.email")} allowStepSelect={false}>
          {state.step === 0 ? (
            <ResetEmailStep
              initialEmail={state.email}
              onSent={(email, codeExpiresAt) => setState({ step: 1, email, codeExpiresAt })}
            />
          ) : null}
        </Stepper.Step>
        <Stepper.Step label={t("reset.steps.code")} allowStepSelect={false}>
          {state.step === 1 ? (
            <ResetCodeStep
              email={state.email}
              codeExpiresAt={state.codeExpiresAt}
              onResent={(codeExpiresAt) => setState({ ...state, codeExpiresAt })}
              onVerified={(resetToken) => setState({ step: 2, email: state.email, resetToken })}
              onChangeEmail={() => setState({ step: 0, email: state.email })}
            />
          ) : null}
        </Stepper.Step>
        <Stepper.Step label={t("reset.steps.password")} allowStepSelect={false}>
          {state.step === 2 ? (
            <ResetPasswordStep
              resetToken={state.resetToken}
              onDone={done}
              onRestart={() => setState({ step: 0, email: state.email })}
            />
          ) : null}
        </Stepper.Step>
      </Stepper>
      <Center>
        <Anchor component={Link} to="/auth/sign-in/default" fz="sm">
          {t("backToSignIn")}
        </Anchor>
      </Center>
    </>
  );
}
