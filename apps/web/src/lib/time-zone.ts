/** The device's IANA time zone: the server counts "today" and days in it, as the user sees them. */
export function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}
