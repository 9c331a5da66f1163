import { Notifications } from "@mantine/notifications";
import { HEADER_HEIGHT, TOAST_AUTO_CLOSE_MS, TOAST_Z_INDEX } from "../theme/theme";
import classes from "./notifications-container.module.css";

/**
 * Where toasts show: its own chunk, loaded by NotificationsOnDemand when the first toast is shown. They stack at the
 * top right under the header bar, never over it, so the account menu, the bell and the language switch stay within
 * reach while a toast shows: a toast keeps itself open while a pointer rests on it, so one lying over the account
 * menu would hide it for as long as someone tried to press it.
 */
export default function NotificationsContainer() {
  return (
    <Notifications
      autoClose={TOAST_AUTO_CLOSE_MS}
      zIndex={TOAST_Z_INDEX}
      position="top-right"
      classNames={{ root: classes.root }}
      style={{ "--header-height": `${HEADER_HEIGHT}px` }}
    />
  );
}
