import { Anchor, DataList, Group, Paper, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { IconExternalLink } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { DetailsRow } from "../../../components/details-row";
import { CompanyLogo, type TCompanyLogo } from "./company-logo";

export interface TCompanyCardProps {
  name: string;
  email: string;
  phone: string | null;
  address: string | null;
  website: string | null;
  logo: TCompanyLogo;
  /** Heading level of the company name (2 by default: the card sits under the page's h1). */
  headingOrder?: 2 | 3 | 4;
  /** Extra content under the details (a status badge, actions…). */
  children?: ReactNode;
}

/**
 * Only http(s) addresses become links: the server checks websites on input, but a link must never run a
 * `javascript:` URL whatever was stored.
 */
export function safeWebsiteHref(website: string | null): string | null {
  if (!website) return null;
  try {
    const url = new URL(website);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** A supplier company as others see it (read only): logo, name and how to reach it. */
export function CompanyCard({
  name,
  email,
  phone,
  address,
  website,
  logo,
  headingOrder = 2,
  children,
}: TCompanyCardProps) {
  const { t } = useTranslation("company");
  const websiteHref = safeWebsiteHref(website);
  const notGiven = (
    <Text span c="dimmed" fz="sm">
      {t("card.notGiven")}
    </Text>
  );
  return (
    <Paper withBorder p={{ base: "md", md: "lg" }} component="article" aria-label={name}>
      <Stack gap="md">
        <Group gap="md" wrap="nowrap" align="center">
          <CompanyLogo name={name} logo={logo} />
          <Title order={headingOrder} fz="h3" style={{ minWidth: 0, overflowWrap: "anywhere" }}>
            {name}
          </Title>
        </Group>
        <DataList labelWidth="7rem" styles={{ itemValue: { minWidth: 0, overflowWrap: "anywhere" } }}>
          <DetailsRow label={t("fields.email")}>
            <Anchor href={`mailto:${email}`}>{email}</Anchor>
          </DetailsRow>
          <DetailsRow label={t("fields.phone")}>
            {phone ? <Anchor href={`tel:${phone.replace(/\s+/g, "")}`}>{phone}</Anchor> : notGiven}
          </DetailsRow>
          <DetailsRow label={t("fields.address")}>{address ?? notGiven}</DetailsRow>
          <DetailsRow label={t("fields.website")}>
            {websiteHref ? (
              <Anchor href={websiteHref} target="_blank" rel="noopener noreferrer">
                {website}
                <IconExternalLink size={14} aria-hidden style={{ marginInlineStart: 4, verticalAlign: "middle" }} />
                <VisuallyHidden>{t("card.opensInNewTab")}</VisuallyHidden>
              </Anchor>
            ) : (
              (website ?? notGiven)
            )}
          </DetailsRow>
        </DataList>
        {children}
      </Stack>
    </Paper>
  );
}
