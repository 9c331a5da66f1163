import { Avatar, type MantineSize } from "@mantine/core";
import type { TSupplierCompany } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { useLogoImage } from "../api/logo-image";

/** A stored company logo (the contract's icon shape: url, type, size), or null. */
export type TCompanyLogo = TSupplierCompany["logo"];

/** The first letter of the company's name, for the neutral avatar shown while it has no logo. */
export function companyInitial(name: string): string {
  const first = name.trim().match(/\p{L}|\p{N}/u)?.[0];
  return first ? first.toLocaleUpperCase() : "?";
}

/** A company's logo (fetched with the token), or a neutral avatar with its initial when it has none. */
export function CompanyLogo({
  name,
  logo,
  size = 64,
}: {
  name: string;
  logo: TCompanyLogo;
  size?: MantineSize | number;
}) {
  const { t } = useTranslation("company");
  const src = useLogoImage(logo?.url);
  if (logo && src) {
    return <Avatar src={src} alt={t("card.logoAlt", { name })} size={size} radius="md" variant="default" />;
  }
  // No image (or not loaded yet): the initial is decorative; the name is written next to it.
  return (
    <Avatar size={size} radius="md" color="gray" variant="light" aria-hidden>
      {companyInitial(name)}
    </Avatar>
  );
}
