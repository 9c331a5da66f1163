import { Alert, Button, Group, Modal, Radio, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import type { TDirectoryEnterprise } from "@openpermit/shared";
import { IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../components/api-error-alert";
import { SectionLoader } from "../../../components/section-loader";
import { useCloseButtonProps } from "../../../components/use-close-button-props";
import { isApiError } from "../../../lib/api/api-error";
import { notifySuccess } from "../../../lib/notify";
import { useDirectory } from "../api/list-directory";
import { useRequestAffiliation } from "../api/request-affiliation";
import { canRequestAffiliation } from "./demand-side";

const SEARCH_DEBOUNCE_MS = 300;

/** The supplier picks an enterprise from the directory and asks to work for it. */
export function RequestCompanyDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const closeButtonProps = useCloseButtonProps();
  const { t } = useTranslation("demands");
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t("request.title")}
      centered
      size="lg"
      closeButtonProps={closeButtonProps}
    >
      {opened ? <RequestCompanyForm onDone={onClose} /> : null}
    </Modal>
  );
}

function RequestCompanyForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation("demands");
  const [typed, setTyped] = useState("");
  const [q] = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  const directory = useDirectory(q);
  const send = useRequestAffiliation();
  const [picked, setPicked] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const results = q ? (directory.data?.data ?? []) : [];
  // A pick that the new search no longer shows is dropped, so "Send request" never sends an unseen company.
  const pickedShown = results.some((enterprise) => enterprise.id === picked) ? picked : null;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!pickedShown) return;
    setError(null);
    try {
      await send.mutateAsync(pickedShown);
      notifySuccess(t("request.done"));
      onDone();
    } catch (caught) {
      setError(caught);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <TextInput
          type="search"
          label={t("request.search")}
          description={t("request.searchHelp")}
          leftSection={<IconSearch size={16} aria-hidden />}
          maxLength={50}
          autoComplete="off"
          data-autofocus
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
        />
        <Results
          searched={q.length > 0}
          loading={directory.isFetching && !directory.data}
          error={directory.error}
          results={results}
          more={(directory.data?.total ?? 0) > results.length}
          picked={pickedShown}
          onPick={setPicked}
        />
        {error ? (
          isApiError(error) && error.code === "ALREADY_AFFILIATED" ? (
            <Alert color="red" variant="light" role="alert">
              {t("request.alreadyAffiliated")}
            </Alert>
          ) : (
            <ApiErrorAlert error={error} />
          )
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone}>
            {t("common:cancel")}
          </Button>
          <Button type="submit" disabled={!pickedShown} loading={send.isPending}>
            {t("request.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface TResultsProps {
  searched: boolean;
  loading: boolean;
  error: unknown;
  results: TDirectoryEnterprise[];
  more: boolean;
  picked: string | null;
  onPick: (id: string) => void;
}

function Results({ searched, loading, error, results, more, picked, onPick }: TResultsProps) {
  const { t } = useTranslation("demands");
  if (!searched) return null;
  if (loading) return <SectionLoader />;
  if (error && results.length === 0) return <ApiErrorAlert error={error} />;
  if (results.length === 0) {
    return (
      <Alert color="gray" variant="light" title={t("request.notListed")} aria-live="polite">
        {t("request.notListedHelp")}
      </Alert>
    );
  }
  return (
    <Radio.Group label={t("request.results")} value={picked} onChange={onPick}>
      <Stack gap="sm" mt="xs">
        {results.map((enterprise) => {
          const status = enterprise.affiliationStatus;
          const pickable = canRequestAffiliation(status);
          return (
            <Radio
              key={enterprise.id}
              value={enterprise.id}
              label={enterprise.name}
              disabled={!pickable}
              description={!pickable && status ? t(`request.state.${status}`, { defaultValue: "" }) : undefined}
              styles={{ label: { overflowWrap: "anywhere" } }}
            />
          );
        })}
        {more ? (
          <Text fz="sm" c="dimmed">
            {t("request.more")}
          </Text>
        ) : null}
      </Stack>
    </Radio.Group>
  );
}
