import { expect } from "vitest";
import { textOf } from "./mail";

/** A name a self-registered supplier could choose: a URL and markup, within the names' 50 characters. */
export const HOSTILE_NAME = "Click https://evil.example/x <b>now</b>";
/** How every mail shows it: quoted, on one line, its URL and domain broken so no client links them. */
export const HOSTILE_NAME_AS_DATA = "“Click https[:]//evil[.]example/x <b>now</b>”";

/**
 * Every stretch of `text` a mail client could make clickable (a scheme's "://", "www.", a domain name, a dotted
 * IPv4 address), apart from the app's own links, which start with PUBLIC_URL.
 */
export function linkable(text: string, publicUrl: string): string[] {
  const rest = text.split(publicUrl).join(" ");
  const patterns = [
    /[\p{L}\p{N}+.-]+:\/\/\S*/gu,
    /\bwww\.\S*/giu,
    /[\p{L}\p{N}_-]+(?:\.[\p{L}\p{N}_-]+)*\.\p{L}{2,}\S*/gu,
    /\b\d{1,3}(?:\.\d{1,3}){3}\b/g,
  ];
  return patterns.flatMap((pattern) => rest.match(pattern) ?? []);
}

/**
 * A delivered mail that carries HOSTILE_NAME: one text/plain part (nothing in it is markup), the name shown as
 * quoted data in the subject or body, and nothing in either a client would link but the app's own links.
 */
export function expectInertMail(mail: { subject: string; raw: string }, publicUrl: string) {
  const [head = ""] = mail.raw.split(/\r?\n\r?\n/);
  expect(head).toMatch(/^Content-Type: text\/plain; charset=utf-8$/im);
  expect(mail.raw).not.toMatch(/multipart|text\/html/i);
  const text = textOf(mail);
  expect(`${mail.subject}\n${text}`).toContain(HOSTILE_NAME_AS_DATA);
  expect(linkable(mail.subject, publicUrl)).toEqual([]);
  expect(linkable(text, publicUrl)).toEqual([]);
}
