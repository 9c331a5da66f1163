import { isIP } from "node:net";

/**
 * Which reverse proxies' X-Forwarded-* headers the server believes (docs/decisions.md, "Which proxies'
 * X-Forwarded-For is believed"): none (`false`), a number of proxies in front of the server, or the proxies' own
 * addresses and ranges. X-Forwarded-For is walked from the right (from the server outwards) and the first address
 * not trusted is the client's: never "every proxy", which would let a client write its own address.
 */
export type TTrustProxy = false | number | string[];

/** The accepted forms, for error messages. */
export const TRUST_PROXY_FORMS =
  "false (no proxy, the default), a number of proxies in front of the server (e.g. 1), or a comma-separated list of the proxies' addresses or CIDR ranges (e.g. 10.0.0.0/8,192.0.2.10)";

/** The names proxy-addr (Fastify's reader of X-Forwarded-For) gives to standard ranges. */
const RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** An address (IPv4 or IPv6), a CIDR range, or one of the range names. */
function isProxyAddress(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/** Whether only processes on this machine can connect to a server listening on `host`. */
export const isLoopbackHost = (host: string) =>
  host === "localhost" || host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(host);

/**
 * TRUST_PROXY's value, or why it is refused. `true` is refused rather than read as 1: it used to mean "believe
 * every X-Forwarded-For", and a deployment behind two proxies would, read as 1, see every client as its first proxy.
 * A number is taken only when the server listens on a loopback address (`host`): a count of hops cannot tell the
 * proxy from a client that connects directly, and on loopback only a process of this machine (the proxy) can.
 */
export function parseTrustProxy(raw: string | undefined, host: string): { value: TTrustProxy } | { error: string } {
  const text = (raw ?? "").trim();
  if (text === "" || text === "false" || text === "0") return { value: false };
  if (text === "true") {
    return {
      error: `"true" would believe any X-Forwarded-For a client writes; say which proxies to trust: 1 for one reverse proxy (nginx) on this machine, or the proxy's address. Accepted: ${TRUST_PROXY_FORMS}`,
    };
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 100) return { error: `${text} proxies? Accepted: ${TRUST_PROXY_FORMS}` };
    if (!isLoopbackHost(host)) {
      return {
        error: `a number of proxies cannot tell the proxy from a client that connects directly, and HOST=${host} lets other machines connect: give the proxy's address or CIDR range instead. Accepted: ${TRUST_PROXY_FORMS}`,
      };
    }
    return { value: hops };
  }
  const entries = text.split(",").map((e) => e.trim());
  const wrong = entries.filter((e) => !isProxyAddress(e));
  if (wrong.length > 0) {
    return {
      error: `not an address or CIDR range: ${wrong.map((w) => `"${w}"`).join(", ")}. Accepted: ${TRUST_PROXY_FORMS}`,
    };
  }
  return { value: entries };
}

/**
 * Fastify's `trustProxy` for our setting. Fastify refuses a bare hop count (it trusts nothing then, since it cannot
 * check the peer); our number comes with a loopback HOST (parseTrustProxy), so the peer is a local process: the
 * `hops` addresses nearest the server (the socket's, then X-Forwarded-For from the right) are proxies.
 */
export function fastifyTrustProxy(
  trust: TTrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== "number") return trust;
  return (_address, hop) => hop < trust;
}
