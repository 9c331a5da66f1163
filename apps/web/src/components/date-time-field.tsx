import { DateTimePicker, type DateTimePickerProps } from "@mantine/dates";
import type React from "react";
import { useTranslation } from "react-i18next";

/**
 * The time boxes (hours, minutes) that have had no digit typed since they got the focus or a click: the next digit
 * starts the box anew.
 */
const startsAnew = new WeakSet<HTMLInputElement>();

const markStartsAnew = (event: React.SyntheticEvent<HTMLInputElement>) => startsAnew.add(event.currentTarget);

/**
 * Mantine's time boxes read what the browser makes of a key at the caret: after a click, the browser puts the
 * caret where the pointer was (between the two zeros of "00"), so `1730` gave 10:30 and `0800` 00:00. Before the
 * browser handles a digit, the selection is set the way a person means it: the first digit in a box replaces it
 * whole, the next one is added at its end. The boxes' own logic (two digits, then on to the next box) stays.
 */
export const typedTimeBoxProps = {
  onFocusCapture: markStartsAnew,
  onPointerDownCapture: markStartsAnew,
  onMouseDownCapture: markStartsAnew,
  onKeyDownCapture: (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (!/^\d$/.test(event.key) || event.ctrlKey || event.metaKey || event.altKey) return;
    const input = event.currentTarget;
    const end = input.value.length;
    if (startsAnew.delete(input)) input.setSelectionRange(0, end);
    else input.setSelectionRange(end, end);
  },
};

/**
 * Every date-and-time field of the app: Mantine's DateTimePicker with the app's display format, a clear button,
 * named time boxes, and typed digits that give the typed time (`typedTimeBoxProps`).
 */
export function DateTimeField({ timePickerProps, ...props }: DateTimePickerProps) {
  const { t } = useTranslation();
  return (
    <DateTimePicker
      valueFormat="DD MMM YYYY HH:mm"
      clearable
      popoverProps={{ withinPortal: true }}
      // Mantine's placeholder grey is below 4.5:1 (axe color-contrast).
      styles={{ placeholder: { color: "var(--mantine-color-dimmed)" } }}
      {...props}
      timePickerProps={{
        hoursInputLabel: t("dateTime.hours"),
        minutesInputLabel: t("dateTime.minutes"),
        ...timePickerProps,
        hoursInputProps: { ...typedTimeBoxProps, ...timePickerProps?.hoursInputProps },
        minutesInputProps: { ...typedTimeBoxProps, ...timePickerProps?.minutesInputProps },
      }}
    />
  );
}
