import { Button } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useState } from "react";
import { useErrorMessage } from "../lib/api/use-error-message";
import { saveBlob } from "../lib/files/save-blob";
import { notifyError } from "../lib/notify";

export type TExportFileFormat = "csv" | "xlsx";

interface TFileExportButtonsProps {
  /** Fetches the file with the session's token (a plain link could not send it). */
  fetchFile: (format: TExportFileFormat) => Promise<Blob>;
  fileName: (format: TExportFileFormat) => string;
  label: (format: TExportFileFormat) => string;
  /** The message of a failed download, given the reason in the reader's language. */
  failure: (reason: string) => string;
  testIdPrefix?: string;
}

/** CSV and XLSX download buttons: one download at a time, each with its own spinner, a failure said in a toast. */
export function FileExportButtons({ fetchFile, fileName, label, failure, testIdPrefix }: TFileExportButtonsProps) {
  const describe = useErrorMessage();
  const [busy, setBusy] = useState<TExportFileFormat | null>(null);

  const download = async (format: TExportFileFormat) => {
    setBusy(format);
    try {
      saveBlob(await fetchFile(format), fileName(format));
    } catch (error) {
      notifyError(failure(describe(error)));
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      {(["csv", "xlsx"] as const).map((format) => (
        <Button
          key={format}
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={busy === format}
          disabled={busy !== null && busy !== format}
          onClick={() => void download(format)}
          data-testid={testIdPrefix ? `${testIdPrefix}-${format}` : undefined}
        >
          {label(format)}
        </Button>
      ))}
    </>
  );
}
