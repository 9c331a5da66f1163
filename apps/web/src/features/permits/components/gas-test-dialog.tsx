import { Alert, Button, Group, Modal, NumberInput, SimpleGrid, Stack, Table, Text, TextInput } from "@mantine/core";
import type { TGasTest, TPermitGasTests } from "@openpermit/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { useCloseButtonProps } from "../../../components/use-close-button-props";
import { isApiError } from "../../../lib/api/api-error";
import { useRecordGasTest } from "../api/gas-tests";
import { useFieldRefusal } from "./field-refusal";
import { useLimitText } from "./gas-limit-text";
import { GasResultBadge } from "./gas-result-badge";

const today = () => new Date().toLocaleDateString("en-CA");

/**
 * Records a gas test: the instrument (its id and calibration date) and one reading per gas of the enterprise. The
 * server judges each reading; the dialog then shows its verdict gas by gas (a failing test of work in progress has
 * suspended it: the permit page says so).
 */
export function GasTestDialog({
  permitId,
  gases,
  onClose,
}: {
  permitId: string;
  gases: TPermitGasTests["gases"];
  onClose: () => void;
}) {
  const { t } = useTranslation("permits");
  const { t: tv } = useTranslation("validation");
  const { t: tc } = useTranslation();
  const closeButtonProps = useCloseButtonProps();
  const record = useRecordGasTest(permitId);
  const refusal = useFieldRefusal();
  const [instrumentId, setInstrumentId] = useState("");
  const [calibratedOn, setCalibratedOn] = useState(today());
  const [values, setValues] = useState<Record<string, number | string>>({});
  const [judged, setJudged] = useState<TGasTest | null>(null);
  const limitText = useLimitText();
  const fieldError = (field: string) =>
    isApiError(record.error) && record.error.fields[field] ? tv(record.error.fields[field]!) : null;
  const complete = instrumentId.trim() !== "" && gases.every((g) => typeof values[g.id] === "number");
  const submit = async () => {
    try {
      const saved = await record.mutateAsync({
        instrumentId: instrumentId.trim(),
        calibratedOn,
        readings: gases.map((g) => ({ gasId: g.id, value: values[g.id] as number })),
      });
      setJudged(saved.tests[0] ?? null);
    } catch {
      // Shown below the fields (record.error).
    }
  };
  const described = record.error ? refusal(record.error) : null;
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      centered
      title={judged ? t("gasTests.resultTitle") : t("gasTests.recordTitle")}
      closeButtonProps={closeButtonProps}
    >
      {judged ? (
        <Stack gap="md">
          <GasTestVerdict test={judged} />
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus data-testid="gas-test-done">
              {t("gasTests.close")}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack gap="sm" data-testid="gas-test-dialog">
            <Text fz="sm">{t("gasTests.recordText")}</Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t("gasTests.instrumentId")}
                value={instrumentId}
                maxLength={50}
                withAsterisk
                error={fieldError("instrumentId")}
                onChange={(event) => setInstrumentId(event.currentTarget.value)}
                data-testid="gas-test-instrument"
              />
              <TextInput
                type="date"
                label={t("gasTests.calibratedOn")}
                value={calibratedOn}
                withAsterisk
                error={fieldError("calibratedOn")}
                onChange={(event) => setCalibratedOn(event.currentTarget.value)}
                data-testid="gas-test-calibrated-on"
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {gases.map((gas) => (
                <NumberInput
                  key={gas.id}
                  label={`${gas.name} (${gas.unit})`}
                  description={limitText(gas)}
                  inputWrapperOrder={["label", "input", "description", "error"]}
                  decimalScale={3}
                  withAsterisk
                  value={values[gas.id] ?? ""}
                  onChange={(value) => setValues((before) => ({ ...before, [gas.id]: value }))}
                  data-testid={`gas-reading-${gas.name}`}
                />
              ))}
            </SimpleGrid>
          </Stack>
          {described ? <Alert color="red">{described}</Alert> : <ApiErrorAlert error={record.error} />}
          <Group justify="flex-end" gap="xs" mt="md">
            <Button variant="default" onClick={onClose}>
              {tc("cancel")}
            </Button>
            <Button type="submit" loading={record.isPending} disabled={!complete} data-testid="gas-test-submit">
              {t("gasTests.record")}
            </Button>
          </Group>
        </form>
      )}
    </Modal>
  );
}

/** The server's verdict on each reading of a test, with the limit it was judged against. */
export function GasTestVerdict({ test }: { test: TGasTest }) {
  const { t } = useTranslation("permits");
  const limitText = useLimitText();
  return (
    <Stack gap="xs" data-testid="gas-test-verdict">
      <Group gap="xs">
        <Text fw={600}>{t("gasTests.result")}</Text>
        <GasResultBadge passed={test.passed} />
      </Group>
      <Table.ScrollContainer minWidth={280}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("gasTests.gas")}</Table.Th>
              <Table.Th>{t("gasTests.reading")}</Table.Th>
              <Table.Th>{t("gasTests.limit")}</Table.Th>
              <Table.Th>{t("gasTests.result")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {test.readings.map((r) => (
              <Table.Tr key={r.gasId} data-testid={`gas-verdict-${r.name}`}>
                <Table.Td>{r.name}</Table.Td>
                <Table.Td>{`${r.value} ${r.unit}`}</Table.Td>
                <Table.Td>{limitText(r)}</Table.Td>
                <Table.Td>
                  <GasResultBadge passed={r.passed} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
