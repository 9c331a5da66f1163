import { Notifications } from "@mantine/notifications";
import { TOAST_AUTO_CLOSE_MS, TOAST_Z_INDEX } from "../theme/theme";

/** Where toasts show: its own chunk, loaded by NotificationsOnDemand when the first toast is shown. */
export default function NotificationsContainer() {
  return <Notifications autoClose={TOAST_AUTO_CLOSE_MS} zIndex={TOAST_Z_INDEX} position="top-right" />;
}
