import { useNotifications } from "@mantine/notifications";
import { lazy, Suspense, useEffect, useState } from "react";

const NotificationsContainer = lazy(() => import("./notifications-container"));

/**
 * The toasts' container, loaded with the first toast rather than with the first page (docs/performance.md, the
 * sign-in page's JavaScript): `notifications.show` only adds to Mantine's store, which the container reads whole
 * when it mounts, so a toast shown before it loaded still shows, for its full time (its timer starts in the container).
 * Once loaded it stays.
 */
export function NotificationsOnDemand() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  const anyToast = notifications.length > 0 || queue.length > 0;
  useEffect(() => {
    if (anyToast) setWanted(true);
  }, [anyToast]);
  if (!wanted && !anyToast) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsContainer />
    </Suspense>
  );
}
