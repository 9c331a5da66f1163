import { Alert } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { isApiError } from "../../../lib/api/api-error";

/** A permit that failed to load: "not found" for an unknown or malformed id, the API's message otherwise. */
export function PermitLoadError({ error }: { error: unknown }) {
  const { t } = useTranslation("permits");
  return isApiError(error) && (error.status === 404 || error.status === 400) ? (
    <Alert color="gray" data-testid="permit-not-found">
      {t("page.notFound")}
    </Alert>
  ) : (
    <ApiErrorAlert error={error} />
  );
}
