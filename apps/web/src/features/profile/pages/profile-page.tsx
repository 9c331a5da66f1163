import { Paper, Stack, Title } from "@mantine/core";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { PageTitle } from "../../../components/page-title";
import { QueryState } from "../../../components/query-state";
import { AuditTrailSection } from "../../audit/components/audit-trail-section";
import { CalendarFeedSection } from "../../calendar/components/calendar-feed-section";
import { RequirementsSection } from "../../compliance/components/requirements-section";
import { CreditsSection } from "../../credits/components/credits-section";
import { CompanyPageSection } from "../../enterprise-company/components/company-page-section";
import { GasesSection } from "../../enterprise-company/components/gases-section";
import { PermitSettingsSection } from "../../enterprise-company/components/permit-settings-section";
import { EmailPreferencesSection } from "../../notifications/components/email-preferences-section";
import { COMPANY_ANCHOR, CompanySection } from "../../supplier-company/components/company-section";
import { useMe } from "../api/get-me";
import { AccountSummary } from "../components/account-summary";
import { ChangePasswordForm } from "../components/change-password-form";
import { ProfileForm } from "../components/profile-form";

export const CHANGE_PASSWORD_ANCHOR = "change-password";

/** Who sees the enterprise's credits (GET /api/credits); only the Enterprise account reads the ledger. */
const CREDIT_READERS = new Set(["Enterprise", "SuperResponsible", "Responsible"]);

function OwnCredits({ role }: { role: string }) {
  const { t } = useTranslation("credits");
  const enterprise = role === "Enterprise";
  return <CreditsSection owner={{ kind: "own" }} withLedger={enterprise} withRequests={enterprise} help={t("help")} />;
}

/**
 * Every area's `profile` page: account details, edit profile, the company for a Supplier (#company), the
 * enterprise's permit credits for its staff, e-mail notifications, change password (#change-password).
 */
export function ProfilePage() {
  const { t } = useTranslation("profile");
  const me = useMe();
  const { hash } = useLocation();
  const passwordSection = useRef<HTMLElement>(null);

  // The profile menu's "Change password" lands here: bring the section into view and focus it.
  useEffect(() => {
    if (hash !== `#${CHANGE_PASSWORD_ANCHOR}` || !me.data) return;
    const section = passwordSection.current;
    section?.scrollIntoView({ block: "start", behavior: "smooth" });
    section?.querySelector("input")?.focus({ preventScroll: true });
  }, [hash, me.data]);

  // The company page's "Edit" link lands on the company section (its form arrives after its own query).
  useEffect(() => {
    if (hash !== `#${COMPANY_ANCHOR}` || !me.data) return;
    document.getElementById(COMPANY_ANCHOR)?.scrollIntoView({ block: "start", behavior: "smooth" });
  }, [hash, me.data]);

  return (
    <>
      <PageTitle title={t("common:pages.profile")} description={t("description")} />
      <QueryState query={me}>
        {(loaded) => (
          <Stack gap="lg">
            <Paper withBorder p={{ base: "md", md: "lg" }} component="section" aria-labelledby="profile-account">
              <Title order={2} fz="h3" id="profile-account" mb="md">
                {t("account.title")}
              </Title>
              <AccountSummary me={loaded} />
            </Paper>
            <Paper withBorder p={{ base: "md", md: "lg" }} component="section" aria-labelledby="profile-edit">
              <Title order={2} fz="h3" id="profile-edit" mb="md">
                {t("edit.title")}
              </Title>
              <ProfileForm key={loaded.id} me={loaded} />
            </Paper>
            {loaded.role === "Supplier" ? <CompanySection /> : null}
            {loaded.role === "Enterprise" ? (
              <CompanyPageSection purchaseSummary={<OwnCredits role={loaded.role} />} />
            ) : CREDIT_READERS.has(loaded.role) ? (
              <OwnCredits role={loaded.role} />
            ) : null}
            <EmailPreferencesSection />
            {loaded.role === "Admin" ? null : <CalendarFeedSection />}
            {loaded.role === "Enterprise" ? <PermitSettingsSection /> : null}
            {loaded.role === "Enterprise" ? <GasesSection /> : null}
            {loaded.role === "Enterprise" ? <RequirementsSection /> : null}
            {loaded.role === "Enterprise" ? <AuditTrailSection /> : null}
            <Paper
              withBorder
              p={{ base: "md", md: "lg" }}
              component="section"
              id={CHANGE_PASSWORD_ANCHOR}
              ref={passwordSection}
              aria-labelledby="profile-password"
              style={{ scrollMarginTop: 76 }}
            >
              <Title order={2} fz="h3" id="profile-password" mb="md">
                {t("password.title")}
              </Title>
              <ChangePasswordForm />
            </Paper>
          </Stack>
        )}
      </QueryState>
    </>
  );
}
