import { Button, Group, Paper, Select, Stack, Text, Title } from "@mantine/core";
import type { TIncompatiblePair } from "@openpermit/shared";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../../components/api-error-alert";
import { ConfirmDialog } from "../../../../components/confirm-dialog";
import { QueryState } from "../../../../components/query-state";
import { isApiError } from "../../../../lib/api/api-error";
import { useIncompatiblePairs, useIncompatiblePairWrites } from "../../api/incompatible-pairs";
import { useAllWorkTypes } from "../../api/work-types";

/**
 * The enterprise's incompatible work types (clashes, docs/safety.md): pairs that must not run at once anywhere in
 * one sector, e.g. hot work with confined-space entry. A permit whose window overlaps one of the other type in its
 * sector clashes with it, and its signers acknowledge the clash.
 */
export function IncompatiblePairsSection() {
  const { t } = useTranslation("risks");
  const { t: tv } = useTranslation("validation");
  const pairs = useIncompatiblePairs();
  const workTypes = useAllWorkTypes();
  const { add, remove } = useIncompatiblePairWrites();
  const [a, setA] = useState<string | null>(null);
  const [b, setB] = useState<string | null>(null);
  const [removing, setRemoving] = useState<TIncompatiblePair | null>(null);
  const options = (workTypes.data ?? []).map((w) => ({ value: w.id, label: w.name }));
  const fieldError = isApiError(add.error) ? add.error.fields.workTypeBId : undefined;
  const onAdd = () => {
    if (!a || !b) return;
    add.mutate({ workTypeAId: a, workTypeBId: b }, { onSuccess: () => setB(null) });
  };
  return (
    <Paper withBorder p={{ base: "sm", md: "md" }} data-testid="incompatible-pairs">
      <Title order={2} fz="h4" mb={4}>
        {t("incompatible.title")}
      </Title>
      <Text fz="sm" c="dimmed" mb="sm">
        {t("incompatible.description")}
      </Text>
      <Stack gap="sm">
        <QueryState query={pairs} empty={<Text c="dimmed">{t("incompatible.empty")}</Text>}>
          {(loaded) => (
            <Stack gap={4} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
              {loaded.map((pair) => (
                <Group
                  key={pair.id}
                  component="li"
                  justify="space-between"
                  wrap="nowrap"
                  // The names take what is left; the button keeps its whole label (never cut to half a word).
                  preventGrowOverflow={false}
                  data-testid="incompatible-pair"
                >
                  <Text flex={1} miw={0} style={{ overflowWrap: "anywhere" }}>
                    {pair.workTypes[0].name} × {pair.workTypes[1].name}
                  </Text>
                  <Button
                    variant="default"
                    c="red.9"
                    size="compact-sm"
                    flex="none"
                    leftSection={<IconTrash size={16} aria-hidden />}
                    onClick={() => setRemoving(pair)}
                    aria-label={t("incompatible.removeLabel", {
                      a: pair.workTypes[0].name,
                      b: pair.workTypes[1].name,
                    })}
                  >
                    {t("incompatible.remove")}
                  </Button>
                </Group>
              ))}
            </Stack>
          )}
        </QueryState>
        <Group align="flex-end" gap="sm">
          <Select
            label={t("incompatible.first")}
            data={options}
            value={a}
            onChange={setA}
            searchable
            style={{ flex: "1 1 12rem" }}
            data-testid="incompatible-a"
          />
          <Select
            label={t("incompatible.second")}
            data={options}
            value={b}
            onChange={setB}
            searchable
            error={fieldError ? tv(fieldError) : undefined}
            style={{ flex: "1 1 12rem" }}
            data-testid="incompatible-b"
          />
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={onAdd}
            disabled={!a || !b}
            loading={add.isPending}
            data-testid="incompatible-add"
          >
            {t("incompatible.add")}
          </Button>
        </Group>
        {add.error && !fieldError ? <ApiErrorAlert error={add.error} /> : null}
      </Stack>
      <ConfirmDialog
        opened={removing !== null}
        title={t("incompatible.removeTitle")}
        confirmLabel={t("incompatible.remove")}
        danger
        onConfirm={async () => {
          if (removing) await remove.mutateAsync(removing.id);
        }}
        onClose={() => setRemoving(null)}
      >
        {removing ? t("incompatible.removeText", { a: removing.workTypes[0].name, b: removing.workTypes[1].name }) : ""}
      </ConfirmDialog>
    </Paper>
  );
}
