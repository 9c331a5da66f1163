import { Button, type ButtonProps } from "@mantine/core";
import { IconBuildingFactory2 } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CompanyPageDialog } from "./company-page-dialog";

/**
 * "Company page": opens an enterprise's page read only. Contractors find it on their requests and next to the
 * enterprise they pick in a permit request.
 */
export function CompanyPageButton({
  enterprise,
  ...buttonProps
}: { enterprise: { id: string; name: string } } & ButtonProps) {
  const { t } = useTranslation("companyPage");
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconBuildingFactory2 size={16} aria-hidden />}
        onClick={() => setOpened(true)}
        aria-label={t("open.label", { name: enterprise.name })}
        {...buttonProps}
      >
        {t("open.button")}
      </Button>
      <CompanyPageDialog
        opened={opened}
        onClose={() => setOpened(false)}
        enterpriseId={enterprise.id}
        title={t("open.title", { name: enterprise.name })}
      />
    </>
  );
}
