import { findLeaks } from "../support/log-scan";
import { expect, test } from "../support/test";

/** The end-of-run log scan (support/log-scan.ts) finds what leaks, and only that. */
const CODE = "843333";
const TOKEN = "uzft2CrGTd64VNTStQYFfVu";
const PASSWORD = "Notified-pass-1";

test("the log scan flags a code, a link token and a password wherever a log line would hold them", () => {
  const lines = [
    `{"msg":"confirmation","code":"${CODE}"}`,
    `{"req":{"url":"/auth/complete-account?token=${TOKEN}&lang=fr"}}`,
    `{"body":{"password":"${PASSWORD}"}}`,
    `{"req":{"url":"/api/auth/verify/${CODE}"}}`,
  ];
  expect(findLeaks(lines, [CODE, TOKEN, PASSWORD])).toHaveLength(lines.length);
});

test("the log scan passes a code's digits inside a request id, a time or a longer number", () => {
  const lines = [
    `{"reqId":"52a59aa6-556b-4323-b0f8-${CODE}b9ac18","msg":"incoming request"}`,
    `{"time":179562${CODE}87,"pid":${CODE}}`,
    `{"documentNumber":"PTW-2026-1${CODE}"}`,
  ];
  expect(findLeaks(lines, [CODE])).toEqual([]);
});

test("the log scan flags secrets by their shape when it does not know them", () => {
  const lines = [
    `{"headers":{"authorization":"Bearer abc.def"}}`,
    `{"headers":{"cookie":"op_refresh=abcdef123456"}}`,
    `{"url":"/api/public/calendar/0123456789abcdef.ics"}`,
  ];
  expect(findLeaks(lines, [])).toHaveLength(lines.length);
  expect(findLeaks([`{"headers":{"authorization":"[redacted]","cookie":"op_refresh=[redacted]"}}`], [])).toEqual([]);
});
