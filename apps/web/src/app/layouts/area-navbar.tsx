import { NavLink, ScrollArea } from "@mantine/core";
import type { TArea } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { AREA_PAGES } from "../area-pages";

function isActive(pathname: string, to: string): boolean {
  const current = pathname.toLowerCase();
  const target = to.toLowerCase();
  return current === target || current.startsWith(`${target}/`);
}

/** The area's pages that have an icon; detail pages and the profile are reached from elsewhere. */
export function AreaNavbar({ area, onNavigate }: { area: TArea; onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const pages = AREA_PAGES[area].filter((page) => page.icon);
  return (
    <ScrollArea component="nav" aria-label={t("nav.label")} type="auto" p="sm">
      {pages.map(({ path, titleKey, icon: Icon }) => {
        const to = `/${area}/${path}`;
        const active = isActive(pathname, to);
        return (
          <NavLink
            key={path}
            component={Link}
            to={to}
            active={active}
            aria-current={active ? "page" : undefined}
            label={t(`pages.${titleKey}`)}
            leftSection={Icon ? <Icon size={18} aria-hidden /> : null}
            onClick={onNavigate}
          />
        );
      })}
    </ScrollArea>
  );
}
