import { Button, Center, EmptyState } from "@mantine/core";
import { IconRefresh, IconWifiOff } from "@tabler/icons-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useRouteError } from "react-router";

/** A page that failed to load (chunk timeout, lost connection, new deployment) or to render. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Center mih="60dvh" p="md">
      <EmptyState
        icon={<IconWifiOff aria-hidden />}
        variant="light"
        color="red"
        title={t("routeError.title")}
        description={t("routeError.description")}
      >
        <EmptyState.Actions>
          <Button leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => window.location.reload()}>
            {t("routeError.reload")}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Center>
  );
}
