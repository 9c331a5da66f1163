import { SegmentedControl, Stack, Text } from "@mantine/core";
import type { TSelfSignUpRole } from "@openpermit/shared";
import { useId } from "react";
import { useTranslation } from "react-i18next";

interface TAccountTypeFieldProps {
  value: TSelfSignUpRole;
  onChange: (value: TSelfSignUpRole) => void;
}

/** Supplier or Enterprise, with one line saying what each means. */
export function AccountTypeField({ value, onChange }: TAccountTypeFieldProps) {
  const { t } = useTranslation("auth");
  const labelId = useId();
  const helpId = useId();
  return (
    <Stack gap={6}>
      <Text component="span" id={labelId} fz="sm" fw={500}>
        {t("fields.accountType")}
      </Text>
      <SegmentedControl
        fullWidth
        aria-labelledby={labelId}
        aria-describedby={helpId}
        value={value}
        onChange={(next) => onChange(next as TSelfSignUpRole)}
        data={[
          { value: "Supplier", label: t("accountTypes.Supplier") },
          { value: "Enterprise", label: t("accountTypes.Enterprise") },
        ]}
      />
      <Text id={helpId} fz="xs" c="dimmed">
        {t(`accountTypes.${value}Help`)}
      </Text>
    </Stack>
  );
}
