import { Fieldset, Input, PinInput } from "@mantine/core";
import { LIMITS } from "@openpermit/shared";
import type { ReactNode } from "react";
import { useId } from "react";
import { useTranslation } from "react-i18next";

interface TSecurityCodeInputProps {
  value: string;
  onChange: (value: string) => void;
  error?: ReactNode;
}

/**
 * The 6-digit code sent by e-mail; the browser may offer it from the message (one-time-code).
 * A fieldset legend names the group, so "Security code" as a label finds the digits themselves.
 */
export function SecurityCodeInput({ value, onChange, error }: TSecurityCodeInputProps) {
  const { t } = useTranslation("auth");
  const errorId = useId();
  return (
    <Fieldset
      variant="unstyled"
      legend={t("fields.code")}
      styles={{ legend: { fontSize: "var(--mantine-font-size-sm)", fontWeight: 500, marginBottom: 6 } }}
    >
      <PinInput
        length={LIMITS.codeLength}
        type="number"
        inputMode="numeric"
        oneTimeCode
        value={value}
        onChange={onChange}
        error={Boolean(error)}
        gap="xs"
        size="md"
        getInputProps={(index) => ({
          "aria-label": t("fields.codeDigit", { index: index + 1, total: LIMITS.codeLength }),
          "aria-invalid": Boolean(error),
          "aria-describedby": error ? errorId : undefined,
        })}
      />
      {error ? (
        <Input.Error id={errorId} mt={6}>
          {error}
        </Input.Error>
      ) : null}
    </Fieldset>
  );
}
