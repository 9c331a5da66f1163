import { Anchor, Group, Image, Paper, Stack, Text, Title } from "@mantine/core";
import type { TCompanyPage } from "@openpermit/shared";
import type { ReactNode } from "react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useCompanyLogoImage } from "../api/company-page";
import { BusinessHoursView } from "./business-hours-view";
import { safeHref } from "./safe-href";
import { UsefulLinksList } from "./useful-links-list";
import { YoutubeEmbed } from "./youtube-embed";

function Part({ title, children }: { title: string; children: (titleId: string) => ReactNode }) {
  const titleId = useId();
  return (
    <Stack gap={6} component="section" aria-labelledby={titleId}>
      <Title order={3} fz="h4" id={titleId}>
        {title}
      </Title>
      {children(titleId)}
    </Stack>
  );
}

/** A known network by its name; any other site by its host, which says more than "Other". */
function networkLabel(link: { network: string; url: string }, name: string): string {
  if (link.network !== "other") return name;
  try {
    return new URL(link.url).hostname.replace(/^www\./, "");
  } catch {
    return link.url;
  }
}

const longText = { whiteSpace: "pre-line", overflowWrap: "anywhere" } as const;

/**
 * An enterprise's company page as its contractors read it: logo and contact, what it does, how to get there,
 * its videos, business hours, website, social and useful links. Never the purchase summary.
 */
export function CompanyPageView({ page }: { page: TCompanyPage }) {
  const { t } = useTranslation("companyPage");
  const logo = useCompanyLogoImage(page.logo?.url);
  const websiteHref = page.website ? safeHref(page.website) : null;
  return (
    <Stack gap="lg" data-testid="company-page-view">
      <Group gap="md" align="flex-start" wrap="nowrap">
        {logo ? (
          <Paper withBorder p={4} w={80} h={80} style={{ flex: "none", display: "grid", placeItems: "center" }}>
            <Image src={logo} alt={t("view.logoAlt", { name: page.name })} w={70} h={70} fit="contain" />
          </Paper>
        ) : null}
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={700} fz="lg" style={{ overflowWrap: "anywhere" }}>
            {page.name}
          </Text>
          {page.address ? <Text fz="sm">{page.address}</Text> : null}
          {page.phone ? (
            <Anchor href={`tel:${page.phone.replace(/[^+0-9]/g, "")}`} fz="sm">
              {page.phone}
            </Anchor>
          ) : null}
          <Anchor href={`mailto:${page.email}`} fz="sm" style={{ overflowWrap: "anywhere" }}>
            {page.email}
          </Anchor>
          {websiteHref ? (
            <Anchor
              href={websiteHref}
              target="_blank"
              rel="noopener noreferrer"
              fz="sm"
              style={{ overflowWrap: "anywhere" }}
            >
              {page.website}
            </Anchor>
          ) : null}
        </Stack>
      </Group>
      {page.serviceDescription ? (
        <Part title={t("view.description")}>{() => <Text style={longText}>{page.serviceDescription}</Text>}</Part>
      ) : null}
      {page.itinerary ? (
        <Part title={t("view.itinerary")}>{() => <Text style={longText}>{page.itinerary}</Text>}</Part>
      ) : null}
      {page.youtubeUrls.length > 0 ? (
        <Part title={t("view.videos")}>
          {() => (
            <Stack gap="md">
              {page.youtubeUrls.map((url, index) => (
                <YoutubeEmbed key={url} url={url} title={t("view.videoTitle", { n: index + 1, name: page.name })} />
              ))}
            </Stack>
          )}
        </Part>
      ) : null}
      <Part title={t("view.hours")}>
        {(titleId) =>
          page.businessHours ? (
            <BusinessHoursView hours={page.businessHours} labelledBy={titleId} />
          ) : (
            <Text fz="sm" c="dimmed">
              {t("view.noHours")}
            </Text>
          )
        }
      </Part>
      {page.socialLinks.length > 0 ? (
        <Part title={t("view.social")}>
          {() => (
            <Group gap="md" wrap="wrap">
              {page.socialLinks.map((link) => (
                <Anchor key={link.url} href={safeHref(link.url) ?? undefined} target="_blank" rel="noopener noreferrer">
                  {networkLabel(link, t(`networks.${link.network}`, { defaultValue: link.network }))}
                </Anchor>
              ))}
            </Group>
          )}
        </Part>
      ) : null}
      <Part title={t("view.usefulLinks")}>
        {(titleId) => <UsefulLinksList enterpriseId={page.id} labelledBy={titleId} />}
      </Part>
    </Stack>
  );
}
