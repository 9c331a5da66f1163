import { Alert, Badge, Button, Checkbox, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { CREW_SIGN_ON_DECLARATION, type TPermit, type TPermitCrewMember } from "@openpermit/shared";
import { IconUserCheck, IconUserMinus, IconUsersGroup } from "@tabler/icons-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { useCurrentLanguage } from "../../../lib/i18n/language";
import { useFormatDateTime } from "../../../lib/i18n/use-format-date";
import { useSession } from "../../../lib/session/session-context";
import { useSignOffWorker, useSignOnWorker } from "../api/crew";
import { useFieldRefusal } from "./field-refusal";
import { PermitConditions } from "./permit-conditions";

// Loaded when first asked for: changing the crew is rare beside reading it.
const CrewChangeDialog = lazy(() => import("./crew-change-dialog").then((m) => ({ default: m.CrewChangeDialog })));

type TCrewDialog = { kind: "signOn" | "signOff"; worker: TPermitCrewMember } | { kind: "change" } | null;

/**
 * The permit's crew (docs/safety.md, Crew): each worker named, whether they are signed on now (since when, by whom)
 * or when they left; the holder signs a worker on (after reading the permit's conditions to them) or off, and
 * changes the crew; a worker signs themselves on and off from their phone. The server says who may do what
 * (`crewActions`); nothing here decides it.
 */
export function PermitCrew({ permit, onConflict }: { permit: TPermit; onConflict: () => void }) {
  const { t } = useTranslation("permits");
  const format = useFormatDateTime();
  const session = useSession();
  const language = useCurrentLanguage();
  const signOn = useSignOnWorker();
  const signOff = useSignOffWorker();
  const refusal = useFieldRefusal();
  const [dialog, setDialog] = useState<TCrewDialog>(null);
  const [declared, setDeclared] = useState(false);
  const close = () => setDialog(null);
  // Each sign-on asks for the declaration anew.
  useEffect(() => {
    if (dialog?.kind === "signOn") setDeclared(false);
  }, [dialog]);
  const { crew, crewActions } = permit;
  const self = (worker: TPermitCrewMember) => worker.id === session.id;
  // A refusal because the permit moved on reloads it; the dialog shows why.
  const run = async (write: () => Promise<unknown>) => {
    try {
      await write();
    } catch (error) {
      onConflict();
      throw error;
    }
  };

  return (
    <Paper withBorder p={{ base: "sm", md: "md" }} data-testid="permit-crew">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="h4">
            {t("crew.title")}
          </Title>
          {crewActions.change ? (
            <Button
              variant="default"
              leftSection={<IconUsersGroup size={16} aria-hidden />}
              onClick={() => setDialog({ kind: "change" })}
              data-testid="crew-change"
            >
              {t("crew.change")}
            </Button>
          ) : null}
        </Group>
        {crew.length === 0 ? (
          <Text c="dimmed" data-testid="crew-empty">
            {t("crew.empty")}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {crew.map((worker) => (
              <Group
                key={worker.id}
                component="li"
                justify="space-between"
                gap="xs"
                wrap="wrap"
                data-testid={`crew-member-${worker.id}`}
              >
                <Stack gap={0}>
                  <Text fw={600}>
                    {worker.name}
                    {self(worker) ? ` (${t("crew.you")})` : ""}
                  </Text>
                  {worker.signedOnAt ? (
                    <Text fz="sm" c="dimmed">
                      {t("crew.signedOnSince", { at: format(worker.signedOnAt), by: worker.signedOnBy?.name ?? "—" })}
                    </Text>
                  ) : worker.signedOffAt ? (
                    <Text fz="sm" c="dimmed">
                      {t("crew.signedOffAt", { at: format(worker.signedOffAt) })}
                    </Text>
                  ) : null}
                </Stack>
                <Group gap="xs">
                  <Badge color={worker.signedOnAt ? "green.9" : "gray"} variant="light" data-testid="crew-state">
                    {t(worker.signedOnAt ? "crew.signedOn" : "crew.notSignedOn")}
                  </Badge>
                  {crewActions.signOn.includes(worker.id) ? (
                    <Button
                      size="xs"
                      leftSection={<IconUserCheck size={14} aria-hidden />}
                      onClick={() => setDialog({ kind: "signOn", worker })}
                      data-testid="crew-sign-on"
                    >
                      {t(self(worker) ? "crew.signMeOn" : "crew.signOn")}
                    </Button>
                  ) : null}
                  {crewActions.signOff.includes(worker.id) ? (
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconUserMinus size={14} aria-hidden />}
                      onClick={() => setDialog({ kind: "signOff", worker })}
                      data-testid="crew-sign-off"
                    >
                      {t(self(worker) ? "crew.signMeOff" : "crew.signOff")}
                    </Button>
                  ) : null}
                </Group>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>

      <ConfirmDialog
        opened={dialog?.kind === "signOn"}
        title={t("crew.signOnTitle", { name: dialog?.kind === "signOn" ? dialog.worker.name : "" })}
        confirmLabel={t("crew.signOn")}
        confirmDisabled={!declared}
        size="lg"
        describeError={refusal}
        onConfirm={() =>
          run(() =>
            signOn.mutateAsync({
              id: permit.id,
              workerId: dialog?.kind === "signOn" ? dialog.worker.id : "",
              language,
            }),
          )
        }
        onClose={close}
      >
        <Stack gap="md" data-testid="crew-sign-on-dialog">
          <Text>{t("crew.signOnText")}</Text>
          <PermitConditions permit={permit} />
          <Alert color="blue" variant="light" title={t("dialogs.declaration")}>
            <Checkbox
              checked={declared}
              onChange={(event) => setDeclared(event.currentTarget.checked)}
              label={CREW_SIGN_ON_DECLARATION[language]}
              description={declared ? undefined : t("validation:declarationRequired")}
              data-testid="crew-sign-on-declaration"
            />
          </Alert>
        </Stack>
      </ConfirmDialog>

      <ConfirmDialog
        opened={dialog?.kind === "signOff"}
        title={t("crew.signOffTitle", { name: dialog?.kind === "signOff" ? dialog.worker.name : "" })}
        confirmLabel={t("crew.signOff")}
        describeError={refusal}
        onConfirm={() =>
          run(() =>
            signOff.mutateAsync({ id: permit.id, workerId: dialog?.kind === "signOff" ? dialog.worker.id : "" }),
          )
        }
        onClose={close}
      >
        <Text data-testid="crew-sign-off-dialog">{t("crew.signOffText")}</Text>
      </ConfirmDialog>

      {dialog?.kind === "change" ? (
        <Suspense fallback={null}>
          <CrewChangeDialog opened permit={permit} onConflict={onConflict} onClose={close} />
        </Suspense>
      ) : null}
    </Paper>
  );
}
