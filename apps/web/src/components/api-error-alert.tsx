import { Alert } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useErrorMessage } from "../lib/api/use-error-message";

interface TApiErrorAlertProps {
  error: unknown;
  children?: ReactNode;
}

/** The translated message of a failed call; `children` can add a way out (a link, a button). */
export function ApiErrorAlert({ error, children }: TApiErrorAlertProps) {
  const message = useErrorMessage();
  if (!error) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert" data-testid="form-error">
      {message(error)}
      {children}
    </Alert>
  );
}
