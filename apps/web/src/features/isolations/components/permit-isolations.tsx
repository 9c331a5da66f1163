import { Alert, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { ISOLATION_LIVE_STATUSES, type TIsolationPoint, type TPermit } from "@openpermit/shared";
import { IconLock } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { QueryState } from "../../../components/query-state";
import { useFormatDateTime } from "../../../lib/i18n/use-format-date";
import { notifySuccess } from "../../../lib/notify";
import { useSession } from "../../../lib/session/session-context";
import { useIsolationOperation, usePermitIsolations } from "../api/isolations";
import type { TDialogKind } from "./isolation-dialogs";
import { IsolationState } from "./isolation-state";

// Loaded when first asked for: most readers of a permit only read its isolations.
const IsolationDialog = lazy(() => import("./isolation-dialogs").then((m) => ({ default: m.IsolationDialog })));

const PRINCIPAL_ROLES = ["Enterprise", "SuperResponsible", "Responsible"];
const isLive = (status: string) => (ISOLATION_LIVE_STATUSES as readonly string[]).includes(status);

/**
 * The isolations a permit needs (lock-out/tag-out): each point, who applied it with which lock and who proved it;
 * the principal's staff apply, prove (a second person) and release them here. Start waits for every one.
 */
export function PermitIsolations({ permit }: { permit: TPermit }) {
  const { t } = useTranslation("isolations");
  const isolations = usePermitIsolations(permit.id);
  const session = useSession();
  const operate = useIsolationOperation();
  const [open, setOpen] = useState<{ kind: TDialogKind; point: TIsolationPoint } | null>(null);
  const staff = PRINCIPAL_ROLES.includes(session.role ?? "");
  if (isolations.data && isolations.data.points.length === 0) return null;
  return (
    <Paper
      withBorder
      p={{ base: "sm", md: "md" }}
      component="section"
      aria-labelledby="permit-isolations-title"
      data-testid="permit-isolations"
    >
      <Title order={2} fz="h4" mb="sm" id="permit-isolations-title">
        {t("permit.title")}
      </Title>
      <QueryState query={isolations}>
        {(loaded) => (
          <Stack gap="sm">
            {loaded.notReady.length > 0 && ["Approved", "accepted"].includes(permit.status) ? (
              <Alert color="yellow" icon={<IconLock aria-hidden />} data-testid="isolations-not-ready">
                {t("permit.notReady", { tags: loaded.notReady.join(", ") })}
              </Alert>
            ) : null}
            {loaded.points.map((point) => (
              <PointRow
                key={point.id}
                point={point}
                actions={
                  staff ? (
                    <PointActions
                      point={point}
                      myId={session.id}
                      mayRelease={!isLive(permit.status)}
                      onOpen={(kind) => setOpen({ kind, point })}
                    />
                  ) : null
                }
              />
            ))}
          </Stack>
        )}
      </QueryState>
      {open ? (
        <Suspense fallback={null}>
          <IsolationDialog
            kind={open.kind}
            point={open.point}
            onClose={() => setOpen(null)}
            onConfirm={async (operation) => {
              const saved = await operate.mutateAsync({ id: open.point.id, operation });
              notifySuccess(t(`done.${operation.kind}`, { tag: saved.tag }));
            }}
          />
        </Suspense>
      ) : null}
    </Paper>
  );
}

function PointRow({ point, actions }: { point: TIsolationPoint; actions: React.ReactNode }) {
  const { t } = useTranslation("isolations");
  const format = useFormatDateTime();
  const a = point.application;
  return (
    <Paper withBorder p="xs" data-testid="permit-isolation" data-tag={point.tag}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600}>{point.tag}</Text>
            <IsolationState point={point} />
          </Group>
          <Text fz="sm" style={{ overflowWrap: "anywhere" }}>
            {point.equipment} · {t(`energy.${point.energy}`)} · {point.method}
          </Text>
          {a ? (
            <Text fz="sm" c="dimmed">
              {t("permit.applied", { name: a.appliedBy?.name ?? "—", when: format(a.appliedAt), lock: a.lockNumber })}
              {a.provenAt
                ? ` · ${t("permit.proven", { name: a.provenBy?.name ?? "—", when: format(a.provenAt) })}`
                : ""}
            </Text>
          ) : null}
        </div>
        <Group gap="xs">{actions}</Group>
      </Group>
    </Paper>
  );
}

function PointActions({
  point,
  myId,
  mayRelease,
  onOpen,
}: {
  point: TIsolationPoint;
  myId: string | null;
  mayRelease: boolean;
  onOpen: (kind: TDialogKind) => void;
}) {
  const { t } = useTranslation("isolations");
  const a = point.application;
  const name = { tag: point.tag };
  if (!a) {
    return (
      <Button size="xs" onClick={() => onOpen("apply")} aria-label={t("actions.applyNamed", name)}>
        {t("actions.apply")}
      </Button>
    );
  }
  return (
    <>
      {!a.provenAt && a.appliedBy?.id !== myId ? (
        <Button size="xs" onClick={() => onOpen("prove")} aria-label={t("actions.proveNamed", name)}>
          {t("actions.prove")}
        </Button>
      ) : null}
      {!a.provenAt && a.appliedBy?.id === myId ? (
        <Text fz="xs" c="dimmed">
          {t("permit.secondPerson")}
        </Text>
      ) : null}
      {mayRelease ? (
        <Button
          size="xs"
          variant="light"
          color="red"
          onClick={() => onOpen("release")}
          aria-label={t("actions.releaseNamed", name)}
        >
          {t("actions.release")}
        </Button>
      ) : null}
    </>
  );
}
