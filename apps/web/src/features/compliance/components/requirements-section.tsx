import { Badge, Button, Group, Stack, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import type { TRequirement } from "@openpermit/shared";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { FormModal } from "../../../components/form-modal";
import { NextStep } from "../../../components/next-step";
import { ProfileSection } from "../../../components/profile-section";
import { QueryState } from "../../../components/query-state";
import { RowActions } from "../../../components/row-actions";
import { SectionHeading } from "../../../components/section-heading";
import { notifySuccess } from "../../../lib/notify";
import { useReminderDays, useRequirements, useRequirementWrites } from "../api/requirements";
import { ReminderDaysForm } from "./reminder-days-form";
import { RequirementForm } from "./requirement-form";

export const REQUIREMENTS_ANCHOR = "compliance-requirements";

/** How long a valid item lasts, its minimum cover, and whether every contractor or crew member must hold it. */
function RequirementRow({
  requirement,
  onEdit,
  onDelete,
}: {
  requirement: TRequirement;
  onEdit: () => void;
  onDelete: (() => void) | undefined;
}) {
  const { t } = useTranslation("compliance");
  const { validityDays, minimumCover } = requirement;
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap="xs">
          {requirement.name}
          {requirement.requiredOfAll ? <Badge color="blue.8">{t("requirements.ofAll")}</Badge> : null}
          {requirement.enabled ? null : <Badge color="gray.7">{t("requirements.disabled")}</Badge>}
        </Group>
        {requirement.description ? (
          <Text size="sm" c="dimmed">
            {requirement.description}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>{t(`kinds.${requirement.kind}`)}</Table.Td>
      <Table.Td>
        {validityDays === null ? t("requirements.noExpiry") : t("requirements.days", { count: validityDays })}
      </Table.Td>
      <Table.Td>{minimumCover === null ? "—" : minimumCover.toLocaleString()}</Table.Td>
      <Table.Td>
        <Group gap={0} justify="flex-end" wrap="nowrap">
          <RowActions name={requirement.name} onEdit={onEdit} onDelete={onDelete} />
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The Enterprise's compliance requirements on its profile, beside its other configuration (docs/domain.md, "Where
 * each screen lives"): what it asks of its contractors and crews, and when expiries are reminded. One that evidence
 * names is disabled, never deleted.
 */
export function RequirementsSection() {
  const { t } = useTranslation("compliance");
  const requirements = useRequirements();
  const reminders = useReminderDays();
  const { remove } = useRequirementWrites();
  const [editing, setEditing] = useState<TRequirement | "new" | null>(null);
  const [deleting, setDeleting] = useState<TRequirement | null>(null);
  return (
    <ProfileSection anchor={REQUIREMENTS_ANCHOR} titleId="compliance-requirements-title">
      <Group justify="space-between" align="flex-start" mb="md" gap="xs">
        <SectionHeading
          id="compliance-requirements-title"
          title={t("requirements.title")}
          help={t("requirements.help")}
        />
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing("new")}>
          {t("requirements.add")}
        </Button>
      </Group>
      <QueryState
        query={requirements}
        empty={
          <NextStep testId="empty-state" title={t("requirements.empty")} description={t("requirements.emptyText")} />
        }
      >
        {(loaded) => (
          <Table.ScrollContainer minWidth={320}>
            <Table data-testid="requirements-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("requirements.name")}</Table.Th>
                  <Table.Th>{t("requirements.kind")}</Table.Th>
                  <Table.Th>{t("requirements.validity")}</Table.Th>
                  <Table.Th>{t("requirements.minimumCover")}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t("requirements.actions")}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {loaded.map((requirement) => (
                  <RequirementRow
                    key={requirement.id}
                    requirement={requirement}
                    onEdit={() => setEditing(requirement)}
                    onDelete={requirement.used ? undefined : () => setDeleting(requirement)}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryState>
      <Stack gap="xs" mt="lg">
        <Title order={3} size="h4">
          {t("reminders.title")}
        </Title>
        <QueryState query={reminders}>{(days) => <ReminderDaysForm days={days} />}</QueryState>
      </Stack>
      <FormModal
        opened={editing !== null}
        size="lg"
        title={
          editing === "new" ? t("requirements.add") : editing ? t("requirements.edit", { name: editing.name }) : null
        }
        onClose={() => setEditing(null)}
      >
        {editing ? (
          <RequirementForm requirement={editing === "new" ? null : editing} onDone={() => setEditing(null)} />
        ) : null}
      </FormModal>
      <ConfirmDialog
        opened={deleting !== null}
        danger
        title={t("requirements.deleteTitle", { name: deleting?.name ?? "" })}
        confirmLabel={t("requirements.delete")}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          await remove.mutateAsync(deleting!.id);
          notifySuccess(t("requirements.deleted", { name: deleting!.name }));
        }}
      >
        {t("requirements.deleteText")}
      </ConfirmDialog>
    </ProfileSection>
  );
}
