import { DataList, Group, Paper, Stack, Table, Title, type TitleOrder, VisuallyHidden } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { BREAKPOINTS_PX } from "../theme/breakpoints";

/** Where a cell is drawn: a table's column (it widens to its content) or a card's line (as wide as the phone). */
export type TCellLayout = "table" | "card";

export interface TColumn<T> {
  key: string;
  header: string;
  render: (row: T, layout: TCellLayout) => ReactNode;
}

/** The first column on wide screens, the card's heading on narrow ones (usually the name). */
interface TPrimaryColumn<T> {
  header: string;
  render: (row: T) => ReactNode;
  /** A picture before it (a company's logo, a risk's logogram, an EPI's icon). */
  image?: (row: T) => ReactNode;
}

export interface TResponsiveTableProps<T> {
  rows: T[];
  rowKey: (row: T) => string;
  primary: TPrimaryColumn<T>;
  columns: TColumn<T>[];
  actions?: (row: T) => ReactNode;
  /** Names the table for screen readers. */
  caption: string;
  /** `data-testid` of each row (table row or card) for end-to-end tests; `data-id` holds the row's id. */
  rowTestId: string;
  /** Heading level of the cards on narrow screens. */
  titleOrder?: TitleOrder;
  /** The table scrolls sideways below this width instead of squeezing its columns. */
  minWidth?: number;
}

/** A table on wide screens and one card per row on phones, where a table would not fit at 360 px. */
export function ResponsiveTable<T>(props: TResponsiveTableProps<T>) {
  const wide = useMediaQuery(`(min-width: ${BREAKPOINTS_PX.md}px)`, false, { getInitialValueInEffect: false });
  return wide ? <WideTable {...props} /> : <CardList {...props} />;
}

/** The primary column's content: its picture, if any, then the name. */
function PrimaryCell<T>({ primary, row }: { primary: TPrimaryColumn<T>; row: T }) {
  if (!primary.image) return primary.render(row);
  return (
    <Group gap="sm" wrap="nowrap">
      {primary.image(row)}
      {primary.render(row)}
    </Group>
  );
}

function WideTable<T>({
  rows,
  rowKey,
  primary,
  columns,
  actions,
  caption,
  rowTestId,
  minWidth = 640,
}: TResponsiveTableProps<T>) {
  const { t } = useTranslation();
  return (
    <Paper withBorder>
      <Table.ScrollContainer minWidth={minWidth} type="native">
        <Table verticalSpacing="sm" highlightOnHover>
          <VisuallyHidden component="caption">{caption}</VisuallyHidden>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{primary.header}</Table.Th>
              {columns.map((column) => (
                <Table.Th key={column.key} scope="col">
                  {column.header}
                </Table.Th>
              ))}
              {actions ? (
                <Table.Th scope="col" ta="right">
                  {t("table.actions")}
                </Table.Th>
              ) : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={rowKey(row)} data-testid={rowTestId} data-id={rowKey(row)}>
                <Table.Th scope="row" fw={600} style={{ overflowWrap: "anywhere" }}>
                  <PrimaryCell primary={primary} row={row} />
                </Table.Th>
                {columns.map((column) => (
                  <Table.Td key={column.key} style={{ overflowWrap: "anywhere" }}>
                    {column.render(row, "table")}
                  </Table.Td>
                ))}
                {actions ? (
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      {actions(row)}
                    </Group>
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

function CardList<T>({
  rows,
  rowKey,
  primary,
  columns,
  actions,
  caption,
  rowTestId,
  titleOrder = 2,
}: TResponsiveTableProps<T>) {
  return (
    <Stack gap="sm" component="ul" aria-label={caption} style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {rows.map((row) => (
        <li key={rowKey(row)}>
          <RowCard row={row} id={rowKey(row)} {...{ primary, columns, actions, rowTestId, titleOrder }} />
        </li>
      ))}
    </Stack>
  );
}

interface TRowCardProps<T> extends Pick<TResponsiveTableProps<T>, "primary" | "columns" | "actions" | "rowTestId"> {
  row: T;
  id: string;
  titleOrder: TitleOrder;
}

function RowCard<T>({ row, id, primary, columns, actions, rowTestId, titleOrder }: TRowCardProps<T>) {
  const titleId = useId();
  return (
    <Paper withBorder p="sm" component="article" aria-labelledby={titleId} data-testid={rowTestId} data-id={id}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Title order={titleOrder} fz="md" id={titleId} style={{ overflowWrap: "anywhere", minWidth: 0 }}>
            <PrimaryCell primary={primary} row={row} />
          </Title>
          {actions ? (
            <Group gap={4} wrap="nowrap">
              {actions(row)}
            </Group>
          ) : null}
        </Group>
        {columns.length > 0 ? (
          <DataList labelWidth="7.5rem" styles={{ itemValue: { minWidth: 0, overflowWrap: "anywhere" } }}>
            {columns.map((column) => (
              <DataList.Item key={column.key}>
                <DataList.ItemLabel>{column.header}</DataList.ItemLabel>
                <DataList.ItemValue>{column.render(row, "card")}</DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList>
        ) : null}
      </Stack>
    </Paper>
  );
}
