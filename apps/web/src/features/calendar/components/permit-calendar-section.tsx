import { lazy, Suspense } from "react";
import { SectionLoader } from "../../../components/section-loader";
import type { TPermitCalendarProps } from "./permit-calendar";

// FullCalendar is large: it loads only when someone opens the calendar, never with the permit list.
const PermitCalendar = lazy(() => import("./permit-calendar"));

/** The permits page's calendar view (loaded on demand). */
export function PermitCalendarSection(props: TPermitCalendarProps) {
  return (
    <Suspense fallback={<SectionLoader />}>
      <PermitCalendar {...props} />
    </Suspense>
  );
}
