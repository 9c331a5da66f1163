import { Badge, DataList } from "@mantine/core";
import type { TMe } from "@openpermit/shared";
import { useTranslation } from "react-i18next";
import { DetailsRow } from "../../../components/details-row";

/** What the person cannot change here: e-mail, role, organisation, status, since when. */
export function AccountSummary({ me }: { me: TMe }) {
  const { t, i18n } = useTranslation("profile");
  const organisation = me.division ?? me.fournisseur ?? me.company ?? null;
  // A supplier's people work for a contractor company: name it as such rather than as an "organisation".
  const organisationLabel = me.fournisseur || me.role === "Supplier" ? t("fields.supplier") : t("fields.organisation");
  const since = new Intl.DateTimeFormat(i18n.language, { dateStyle: "long" }).format(new Date(me.createdAt));
  return (
    <DataList labelWidth="8rem" styles={{ itemValue: { minWidth: 0, overflowWrap: "anywhere" } }}>
      <DetailsRow label={t("fields.email")}>{me.email}</DetailsRow>
      <DetailsRow label={t("fields.role")}>{t(`common:roles.${me.role}`)}</DetailsRow>
      {organisation ? <DetailsRow label={organisationLabel}>{organisation.name}</DetailsRow> : null}
      <DetailsRow label={t("fields.status")}>
        <Badge variant="dot" color={me.status === "active" ? "teal" : "gray"}>
          {t(`common:accountStatus.${me.status}`)}
        </Badge>
      </DetailsRow>
      <DetailsRow label={t("fields.memberSince")}>{since}</DetailsRow>
    </DataList>
  );
}
