import { Alert, List, ScrollArea, Text } from "@mantine/core";
import { ORGANISATION_LIMITS } from "@openpermit/shared";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../../components/confirm-dialog";
import { ApiError, isApiError } from "../../../../lib/api/api-error";
import { notifySuccess } from "../../../../lib/notify";
import { useImportPermissions } from "../../api/import-permissions";
import { formatImportRows } from "./import-errors";

interface TImportDialogProps {
  file: File | null;
  onClose: () => void;
}

/**
 * Confirms the import of a chosen file, then applies it. The server applies every row or none: a
 * refused file lists each bad row here, and nothing changed.
 */
export function ImportDialog({ file, onClose }: TImportDialogProps) {
  const { t } = useTranslation("organisation");
  const upload = useImportPermissions();
  return (
    <ConfirmDialog
      opened={file !== null}
      title={t("permissions.importTitle")}
      confirmLabel={t("permissions.import")}
      onClose={onClose}
      onConfirm={async () => {
        if (file!.size > ORGANISATION_LIMITS.importMaxBytes) throw new ApiError(413, "PAYLOAD_TOO_LARGE", "too large");
        const { applied } = await upload.mutateAsync(file!);
        notifySuccess(t("permissions.applied", { count: applied }));
      }}
      describeError={(error) =>
        isApiError(error) && error.code === "IMPORT_INVALID" ? <ImportRowErrors rows={error.rows} /> : null
      }
    >
      <Text>{t("permissions.importText", { file: file?.name ?? "" })}</Text>
      <Text fz="sm" c="dimmed">
        {t("permissions.importHelp")}
      </Text>
    </ConfirmDialog>
  );
}

export function ImportRowErrors({ rows }: { rows: ApiError["rows"] }) {
  const { t } = useTranslation("organisation");
  const lines = formatImportRows(rows, t);
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      role="alert"
      title={t("permissions.importRefused")}
      data-testid="import-errors"
    >
      <Text fz="sm" mb="xs">
        {t("permissions.importRefusedText", { count: rows.length })}
      </Text>
      <ScrollArea.Autosize mah={240} type="auto">
        <List size="sm" spacing={2}>
          {lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines are fixed once shown; two rows may read alike
            <List.Item key={index}>{line}</List.Item>
          ))}
        </List>
      </ScrollArea.Autosize>
    </Alert>
  );
}
