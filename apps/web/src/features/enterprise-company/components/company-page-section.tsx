import { Anchor, Button, Divider, Group, Stack, Title } from "@mantine/core";
import { IconArrowRight, IconEye } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ProfileSection } from "../../../components/profile-section";
import { QueryState } from "../../../components/query-state";
import { SectionHeading } from "../../../components/section-heading";
import { useOwnCompanyPage } from "../api/company-page";
import { CompanyLogoField } from "./company-logo-field";
import { CompanyPageDialog } from "./company-page-dialog";
import { CompanyPageForm } from "./company-page-form";
import { UsefulLinksList } from "./useful-links-list";

export const COMPANY_PAGE_ANCHOR = "company-page";

function Part({ id, title, children, action }: { id: string; title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Group justify="space-between" gap="xs">
        <Title order={3} fz="h4" id={id}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Stack>
  );
}

/**
 * The Enterprise's "Company page" on its profile: the page contractors read (logo, texts, videos, hours,
 * links), its preview, and the permits purchase summary, which only the enterprise sees (`purchaseSummary`,
 * composed by the profile page).
 */
export function CompanyPageSection({ purchaseSummary }: { purchaseSummary?: ReactNode }) {
  const { t } = useTranslation("companyPage");
  const page = useOwnCompanyPage();
  const [previewing, setPreviewing] = useState(false);
  return (
    <ProfileSection anchor={COMPANY_PAGE_ANCHOR} titleId="company-page-title" style={{ scrollMarginTop: 76 }}>
      <Group justify="space-between" align="flex-start" gap="sm" mb="md">
        <Stack gap={4} style={{ flex: "1 1 16rem", minWidth: 0 }}>
          <SectionHeading id="company-page-title" title={t("section.title")} help={t("section.help")} />
        </Stack>
        {page.data ? (
          <Button variant="light" leftSection={<IconEye size={16} aria-hidden />} onClick={() => setPreviewing(true)}>
            {t("section.preview")}
          </Button>
        ) : null}
      </Group>
      <QueryState query={page}>
        {(loaded) => (
          <Stack gap="lg">
            <CompanyLogoField page={loaded} />
            <Divider />
            <CompanyPageForm key={loaded.id} page={loaded} />
            <Divider />
            <Part
              id="company-page-links"
              title={t("view.usefulLinks")}
              action={
                <Anchor component={Link} to="/enterprise/assigne-risk?tab=links" fz="sm" underline="always">
                  {t("section.manageLinks")}
                  <IconArrowRight size={14} aria-hidden style={{ marginInlineStart: 4, verticalAlign: "middle" }} />
                </Anchor>
              }
            >
              <UsefulLinksList enterpriseId={loaded.id} labelledBy="company-page-links" />
            </Part>
            {purchaseSummary ? (
              <>
                <Divider />
                {purchaseSummary}
              </>
            ) : null}
            <CompanyPageDialog
              opened={previewing}
              onClose={() => setPreviewing(false)}
              enterpriseId={loaded.id}
              page={loaded}
              title={t("section.previewTitle")}
            />
          </Stack>
        )}
      </QueryState>
    </ProfileSection>
  );
}
