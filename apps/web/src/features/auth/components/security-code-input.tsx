import { Input, PinInput, Stack, Text } from "@mantine/core";
import { LIMITS } from "@openpermit/shared";
import type { ReactNode } from "react";
import { useId } from "react";
import { useTranslation } from "react-i18next";

interface TSecurityCodeInputProps {
  value: string;
  onChange: (value: string) => void;
  error?: ReactNode;
  onBlur?: () => void;
}

/** The 6-digit code sent by e-mail; the browser may offer it from the message (one-time-code). */
export function SecurityCodeInput({ value, onChange, error, onBlur }: TSecurityCodeInputProps) {
  const { t } = useTranslation("auth");
  const labelId = useId();
  const errorId = useId();
  return (
    <Stack gap={6}>
      <Text component="span" id={labelId} fz="sm" fw={500}>
        {t("fields.code")}
      </Text>
      <PinInput
        role="group"
        aria-labelledby={labelId}
        length={LIMITS.codeLength}
        type="number"
        inputMode="numeric"
        oneTimeCode
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        error={Boolean(error)}
        gap="xs"
        size="md"
        getInputProps={(index) => ({
          "aria-label": t("fields.codeDigit", { index: index + 1, total: LIMITS.codeLength }),
          "aria-invalid": Boolean(error),
          "aria-describedby": error ? errorId : undefined,
        })}
      />
      {error ? <Input.Error id={errorId}>{error}</Input.Error> : null}
    </Stack>
  );
}
