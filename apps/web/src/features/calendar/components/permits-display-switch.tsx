import { SegmentedControl } from "@mantine/core";
import { IconCalendar, IconList } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

export type TPermitsDisplay = "list" | "calendar";

/**
 * The URL changes that show `next`: `view=calendar` or no view; either way the calendar's own place in time
 * (`calendarView`, `date`, kept while it is open) starts over.
 */
export const displayChanges = (next: TPermitsDisplay) => ({
  view: next === "calendar" ? "calendar" : null,
  calendarView: null,
  date: null,
});

/** List | Calendar on the principal's permits page (the choice lives in the URL as `view=calendar`). */
export function PermitsDisplaySwitch({
  value,
  onChange,
}: {
  value: TPermitsDisplay;
  onChange: (next: TPermitsDisplay) => void;
}) {
  const { t } = useTranslation("calendar");
  const label = (icon: ReactNode, text: string) => (
    <span style={{ display: "inline-flex", alignItems: "center", gap: 6 }}>
      {icon}
      {text}
    </span>
  );
  return (
    <SegmentedControl
      aria-label={t("displayLabel")}
      value={value}
      onChange={(next) => onChange(next === "calendar" ? "calendar" : "list")}
      data={[
        { value: "list", label: label(<IconList size={16} aria-hidden />, t("list")) },
        { value: "calendar", label: label(<IconCalendar size={16} aria-hidden />, t("calendar")) },
      ]}
      w={{ base: "100%", "2sm": "auto" }}
      style={{ alignSelf: "flex-start" }}
      data-testid="permit-display-switch"
    />
  );
}
