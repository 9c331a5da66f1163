import { notifications } from "@mantine/notifications";
import i18next from "i18next";

/** Mantine's close button has no name of its own; the app's i18next instance gives it one. */
const closeButtonProps = () => ({ "aria-label": i18next.t("close", { ns: "common", defaultValue: "Close" }) });

export function notifySuccess(message: string): void {
  notifications.show({ color: "teal", message, closeButtonProps: closeButtonProps() });
}

export function notifyError(message: string): void {
  notifications.show({ color: "red", message, closeButtonProps: closeButtonProps() });
}
