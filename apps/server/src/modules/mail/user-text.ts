/**
 * What people typed — names, company names, task titles, remarks — as it goes into an e-mail: data, never a link or
 * an instruction (docs/decisions.md, "People's text in e-mails is quoted data"). Our mails are plain text only, so
 * nothing in them is markup; but mail clients turn bare URLs, `www.` names and domain names into links, so those are
 * broken the way security notices write them ("https[:]//evil[.]example"), which no client links.
 */

/** Line breaks, tabs and other control characters, and the invisible marks that reorder or hide text. */
const HIDDEN = /[\p{Cc}\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]+/gu;
/** A scheme's "://" (https://, ftp://, and any other). */
const SCHEME = /([\p{L}\p{N}+.-]):\/\//gu;
/** A dot (or an ideographic or full-width one, which IDNA reads as a dot) between a letter or digit and a letter. */
const DOMAIN_DOT = /(?<=[\p{L}\p{N}])[.\u3002\uff0e\uff61](?=\p{L})/gu;

/** A dotted IPv4 address, which some clients link bare. */
const IPV4 = /\b\d{1,3}(?:\.\d{1,3}){3}\b/g;

/** One line, with nothing a mail client would make clickable ("20.5 %" keeps its dot: no domain name ends in a digit). */
export function defanged(text: string): string {
  return text
    .replace(HIDDEN, " ")
    .replace(/\s+/g, " ")
    .trim()
    .replace(SCHEME, "$1[:]//")
    .replace(DOMAIN_DOT, "[.]")
    .replace(IPV4, (address) => address.replaceAll(".", "[.]"));
}

/** The text defanged and between quotation marks (those inside it made plain), so it reads as quoted data. */
export function quoted(text: string | null): string {
  return `“${defanged(text ?? "").replace(/[“”]/g, '"')}”`;
}
