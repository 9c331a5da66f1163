import { Badge, Paper, Stack, Text, Title } from "@mantine/core";
import type { TCreditTransaction } from "@openpermit/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PagedTable } from "../../../components/paged-table";
import { useFormatDateTime } from "../../../lib/i18n/use-format-date";
import { type TCreditOwner, useCreditTransactions } from "../api/credits";

export const CREDIT_TRANSACTIONS_PAGE_SIZE = 10;

/** A purchase adds (+10), a consumption takes one (−1): the sign is always shown. */
function useFormatQuantity(): (quantity: number) => string {
  const { i18n } = useTranslation();
  return (quantity) => new Intl.NumberFormat(i18n.language, { signDisplay: "exceptZero" }).format(quantity);
}

/** The enterprise's credit ledger, newest first, a page at a time (a table, cards below 768 px). */
export function CreditTransactions({ owner }: { owner: TCreditOwner }) {
  const { t } = useTranslation("credits");
  const [page, setPage] = useState(1);
  const transactions = useCreditTransactions(owner, page, CREDIT_TRANSACTIONS_PAGE_SIZE);
  const formatDateTime = useFormatDateTime();
  const formatQuantity = useFormatQuantity();

  return (
    <Stack gap="sm">
      <Title order={3} fz="h4">
        {t("ledger.title")}
      </Title>
      <PagedTable<TCreditTransaction>
        query={transactions}
        page={page}
        pageSize={CREDIT_TRANSACTIONS_PAGE_SIZE}
        onPageChange={setPage}
        empty={
          <Paper withBorder p="md">
            <Text c="dimmed">{t("ledger.empty")}</Text>
          </Paper>
        }
        rowKey={(row) => row.id}
        rowTestId="credit-transaction-row"
        caption={t("ledger.title")}
        titleOrder={4}
        primary={{ header: t("ledger.kind"), render: (row) => t(`ledger.kinds.${row.kind}`) }}
        columns={[
          {
            key: "quantity",
            header: t("ledger.quantity"),
            render: (row) => (
              // Even the darkest teal is too pale on the theme's teal tint (axe color-contrast 4.3): dark text.
              <Badge variant="light" color={row.quantity > 0 ? "teal" : "gray"} c="dark.7" tt="none" fz="sm">
                {formatQuantity(row.quantity)}
              </Badge>
            ),
          },
          { key: "note", header: t("ledger.note"), render: (row) => row.note || "—" },
          { key: "permit", header: t("ledger.permit"), render: (row) => row.permit?.documentNumber || "—" },
          {
            key: "by",
            header: t("ledger.by"),
            render: (row) => row.recordedBy?.name ?? t("ledger.unknownPerson"),
          },
          { key: "at", header: t("ledger.at"), render: (row) => formatDateTime(row.at) },
        ]}
      />
    </Stack>
  );
}
