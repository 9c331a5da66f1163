import { Modal } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { TCompanyPage } from "@openpermit/shared";
import { QueryState } from "../../../components/query-state";
import { useCloseButtonProps } from "../../../components/use-close-button-props";
import { useCompanyPage } from "../api/company-page";
import { CompanyPageView } from "./company-page-view";

interface TCompanyPageDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The enterprise whose page is read (loaded when the dialog opens)… */
  enterpriseId: string;
  /** …or a page already at hand (the enterprise's preview of what it typed and saved). */
  page?: TCompanyPage;
  title: string;
}

/** The read-only company page in a dialog, full screen on phones. */
export function CompanyPageDialog({ opened, onClose, enterpriseId, page, title }: TCompanyPageDialogProps) {
  const closeButtonProps = useCloseButtonProps();
  const phone = useMediaQuery("(max-width: 36em)");
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="lg"
      fullScreen={phone}
      closeButtonProps={closeButtonProps}
      data-testid="company-page-dialog"
    >
      {opened ? page ? <CompanyPageView page={page} /> : <LoadedPage enterpriseId={enterpriseId} /> : null}
    </Modal>
  );
}

function LoadedPage({ enterpriseId }: { enterpriseId: string }) {
  const page = useCompanyPage(enterpriseId);
  return <QueryState query={page}>{(loaded) => <CompanyPageView page={loaded} />}</QueryState>;
}
