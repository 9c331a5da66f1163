import { Anchor, Divider, Stack, Text, Title } from "@mantine/core";
import { IconArrowRight } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ProfileSection } from "../../../components/profile-section";
import { QueryState } from "../../../components/query-state";
import { useSupplierCompany } from "../api/get-supplier-company";
import { CompanyForm } from "./company-form";
import { LogoField } from "./logo-field";

export const COMPANY_ANCHOR = "company";

/** The supplier's company on its profile page: logo, name and contact details, and its page as principals see it. */
export function CompanySection() {
  const { t } = useTranslation("company");
  const company = useSupplierCompany();
  return (
    <ProfileSection anchor={COMPANY_ANCHOR} titleId="profile-company" style={{ scrollMarginTop: 76 }}>
      <Title order={2} fz="h3" id="profile-company" mb={4}>
        {t("form.title")}
      </Title>
      <Text c="dimmed" fz="sm" mb="md">
        {t("form.description")}{" "}
        <Anchor component={Link} to="/supplier/profile/external" fz="sm" underline="always">
          {t("form.seePage")}
          <IconArrowRight size={14} aria-hidden style={{ marginInlineStart: 4, verticalAlign: "middle" }} />
        </Anchor>
      </Text>
      <QueryState query={company}>
        {(loaded) => (
          <Stack gap="lg">
            <LogoField company={loaded} />
            <Divider />
            <CompanyForm key={loaded.id} company={loaded} />
          </Stack>
        )}
      </QueryState>
    </ProfileSection>
  );
}
