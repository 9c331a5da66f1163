import { Center, Loader, Overlay } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, ScrollRestoration, useNavigation } from "react-router";
import { LeaveGuardProvider } from "../components/leave-guard";

/** Waits a moment before showing the spinner, so instant navigations do not flash it. */
function useDelayed(active: boolean, ms = 150): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), ms);
    return () => clearTimeout(timer);
  }, [active, ms]);
  return shown;
}

/**
 * docs/domain.md, Routes: a full-page spinner while the next page's chunk loads. Every page is under the leave guard
 * (nothing typed is lost: components/leave-guard.tsx).
 */
export function RootLayout() {
  const navigation = useNavigation();
  const { t } = useTranslation();
  const loading = useDelayed(navigation.state === "loading");
  return (
    <LeaveGuardProvider>
      <Outlet />
      {loading ? (
        <Overlay fixed color="#fff" backgroundOpacity={0.6} zIndex={1000}>
          <Center h="100%" role="status">
            <Loader aria-label={t("loading")} />
          </Center>
        </Overlay>
      ) : null}
      <ScrollRestoration />
    </LeaveGuardProvider>
  );
}
