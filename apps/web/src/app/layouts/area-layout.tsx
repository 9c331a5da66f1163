import { AppShell, Burger, Container, Group } from "@mantine/core";
import { useDisclosure, useMediaQuery } from "@mantine/hooks";
import type { TArea } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { Link, Outlet } from "react-router";
import { Brand } from "../../components/brand";
import { LanguageSwitch } from "../../components/language-switch";
import { useAccountLanguage } from "../../features/profile/hooks/use-account-language";
import { BREAKPOINTS_PX } from "../../theme/breakpoints";
import { HEADER_HEIGHT } from "../../theme/theme";
import { AreaNavbar } from "./area-navbar";
import { NotificationsBell } from "./notifications-bell";
import { ProfileMenu } from "./profile-menu";

/** One shell for the six areas, fed by the area's page list; the navbar becomes a drawer under md. */
export function AreaLayout({ area }: { area: TArea }) {
  const { t } = useTranslation();
  const chooseLanguage = useAccountLanguage();
  const [opened, { toggle, close }] = useDisclosure(false);
  // Under md the closed navbar only slides off screen; inert keeps its links out of the Tab order.
  const narrow = useMediaQuery(`(max-width: ${BREAKPOINTS_PX.md - 0.02}px)`);
  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: { md: 240, xl: 272 }, breakpoint: "md", collapsed: { mobile: !opened } }}
      padding={{ base: "sm", "2sm": "md", lg: "lg" }}
      data-area={area}
    >
      <AppShell.Header>
        <Group h="100%" px={{ base: "xs", "2sm": "md" }} justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="md"
              size="sm"
              aria-label={t(opened ? "nav.close" : "nav.open")}
              aria-expanded={opened}
            />
            <Link
              to={`/${area}/default`}
              aria-label={t("nav.home")}
              style={{ color: "inherit", textDecoration: "none" }}
            >
              <Brand compact />
            </Link>
          </Group>
          <Group gap={6} wrap="nowrap">
            <LanguageSwitch onChosen={chooseLanguage} />
            <NotificationsBell />
            <ProfileMenu area={area} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar inert={narrow && !opened}>
        <AreaNavbar area={area} onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <Container size="xl" px={0}>
          <Outlet />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
