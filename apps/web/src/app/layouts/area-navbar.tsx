import { Badge, NavLink, ScrollArea } from "@mantine/core";
import type { TArea } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { useWaitingCount } from "../../features/demands/api/waiting-count";
import { AREA_PAGES } from "../area-pages";

/** The requests pages of each area: their navbar item carries the count of demands waiting for the user. */
const REQUEST_PATHS = new Set(["demand", "demandlist", "demands"]);

function isActive(pathname: string, to: string): boolean {
  const current = pathname.toLowerCase();
  const target = to.toLowerCase();
  return current === target || current.startsWith(`${target}/`);
}

/** The area's pages that have an icon; detail pages and the profile are reached from elsewhere. */
export function AreaNavbar({ area, onNavigate }: { area: TArea; onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // Disabled for the employee (no requests page); a failed count simply shows no badge.
  const waiting = useWaitingCount(area).data ?? 0;
  const pages = AREA_PAGES[area].filter((page) => page.icon);
  return (
    <ScrollArea component="nav" aria-label={t("nav.label")} type="auto" p="sm">
      {pages.map(({ path, titleKey, icon: Icon }) => {
        const to = `/${area}/${path}`;
        const active = isActive(pathname, to);
        const label = t(`pages.${titleKey}`);
        const count = REQUEST_PATHS.has(path) ? waiting : 0;
        return (
          <NavLink
            key={path}
            component={Link}
            to={to}
            active={active}
            aria-current={active ? "page" : undefined}
            // The count is part of the link's name, not only a visual badge; the name starts with the visible
            // text ("Requests, 2 waiting") so speech control users can say what they see.
            aria-label={count > 0 ? t("demands:badge", { name: label, count }) : undefined}
            // The space keeps the label and the badge's number apart in the visible text ("Requests 2").
            label={count > 0 ? `${label} ` : label}
            leftSection={Icon ? <Icon size={18} aria-hidden /> : null}
            rightSection={
              count > 0 ? (
                <Badge size="sm" circle={count < 10} color="red.9" aria-hidden data-testid="requests-badge">
                  {count}
                </Badge>
              ) : null
            }
            onClick={onNavigate}
          />
        );
      })}
    </ScrollArea>
  );
}
