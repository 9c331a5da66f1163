import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from "@mantine/core";
import type { TArea } from "@openpermit/shared";
import { IconChevronDown, IconKey, IconLogout, IconUserCircle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useConfirmLeave } from "../../components/leave-guard";
import { useSignOut } from "../../features/auth/api/sign-out";
import { useSession } from "../../lib/session/session-context";

function initials(name: string | null, email: string | null): string {
  const source = name?.trim() || email || "?";
  const parts = source.split(/\s+/).filter(Boolean);
  return parts
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join("");
}

export function ProfileMenu({ area }: { area: TArea }) {
  const { t } = useTranslation();
  const session = useSession();
  const signOut = useSignOut();
  const confirmLeave = useConfirmLeave();
  const displayName = session.name ?? session.email ?? "";
  const organisation = session.parent?.name ?? session.company?.name ?? null;
  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        <UnstyledButton data-testid="profile-menu">
          <Group gap={6} wrap="nowrap">
            <Avatar color="brand" radius="xl" size="md" aria-hidden>
              {initials(session.name, session.email)}
            </Avatar>
            <Text fz="sm" fw={500} maw={160} truncate visibleFrom="lg">
              {displayName}
            </Text>
            <VisuallyHidden>{t("profileMenu.open")}</VisuallyHidden>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text fz="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {displayName}
          </Text>
          {organisation ? (
            <Text fz="xs" c="dimmed" truncate>
              {organisation}
            </Text>
          ) : null}
        </Menu.Label>
        <Menu.Item component={Link} to={`/${area}/profile`} leftSection={<IconUserCircle size={16} aria-hidden />}>
          {t("profileMenu.profile")}
        </Menu.Item>
        <Menu.Item
          component={Link}
          to={`/${area}/profile#change-password`}
          leftSection={<IconKey size={16} aria-hidden />}
        >
          {t("profileMenu.changePassword")}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} aria-hidden />}
          disabled={signOut.isPending}
          // An unsaved form asks first (nothing typed is lost).
          onClick={() => confirmLeave(() => signOut.mutate())}
        >
          {t("profileMenu.signOut")}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
