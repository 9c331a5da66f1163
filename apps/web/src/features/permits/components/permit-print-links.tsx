import { Button, VisuallyHidden } from "@mantine/core";
import type { TPermit } from "@openpermit/shared";
import { IconExternalLink, IconFileTypePdf } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useErrorMessage } from "../../../lib/api/use-error-message";
import { notifyError } from "../../../lib/notify";
import { downloadPermitPdf } from "../api/permits";

/**
 * The printable permit (once it has a document number) and the public page its QR code opens (once it has
 * one). The PDF is fetched with the token, so it is a button, not a link.
 */
export function PermitPrintLinks({ permit }: { permit: TPermit }) {
  const { t } = useTranslation("permits");
  const describe = useErrorMessage();
  const [busy, setBusy] = useState(false);
  const { documentNumber, checkPath } = permit;

  const download = async (number: string) => {
    setBusy(true);
    try {
      await downloadPermitPdf({ id: permit.id, documentNumber: number });
    } catch (error) {
      notifyError(t("page.pdfFailed", { reason: describe(error) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {documentNumber ? (
        <Button
          variant="default"
          leftSection={<IconFileTypePdf size={16} aria-hidden />}
          loading={busy}
          onClick={() => void download(documentNumber)}
          data-testid="permit-pdf"
        >
          {t("page.pdf")}
        </Button>
      ) : null}
      {checkPath ? (
        <Button
          component="a"
          href={checkPath}
          target="_blank"
          rel="noopener"
          variant="subtle"
          leftSection={<IconExternalLink size={16} aria-hidden />}
          data-testid="permit-check-link"
        >
          {t("page.checkPage")}
          <VisuallyHidden> {t("page.newTab")}</VisuallyHidden>
        </Button>
      ) : null}
    </>
  );
}
