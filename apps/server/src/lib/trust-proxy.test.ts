import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config";
import { fastifyTrustProxy } from "./trust-proxy";

const trustProxy = (value?: string) => loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy;
const refusal = (value: string) => {
  try {
    loadConfig({ TRUST_PROXY: value });
  } catch (error) {
    return error instanceof ConfigError ? error.message : "other";
  }
  return "accepted";
};

describe("TRUST_PROXY", () => {
  it("trusts no proxy when unset, empty, false or 0", () => {
    for (const value of [undefined, "", "false", "0"]) expect(trustProxy(value)).toBe(false);
  });

  it("reads a number as that many proxies in front of the server", () => {
    expect(trustProxy("1")).toBe(1);
    expect(trustProxy(" 2 ")).toBe(2);
  });

  it("reads a comma-separated list of addresses and CIDR ranges, IPv4 and IPv6, and the named ranges", () => {
    expect(trustProxy("10.0.0.0/8")).toEqual(["10.0.0.0/8"]);
    expect(trustProxy("10.0.0.0/8, 192.0.2.10,::1,fd00::/8,loopback")).toEqual([
      "10.0.0.0/8",
      "192.0.2.10",
      "::1",
      "fd00::/8",
      "loopback",
    ]);
  });

  it("takes a number only when the server listens on loopback: elsewhere the proxy must be named", () => {
    expect(loadConfig({ TRUST_PROXY: "1", HOST: "::1" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "1", HOST: "127.0.0.2" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8", HOST: "0.0.0.0" }).trustProxy).toEqual(["10.0.0.0/8"]);
    expect(() => loadConfig({ TRUST_PROXY: "1", HOST: "0.0.0.0" })).toThrow(
      /TRUST_PROXY: .*HOST=0\.0\.0\.0.*a number of proxies in front of the server/,
    );
  });

  it("refuses true at start-up, saying what to write instead", () => {
    const message = refusal("true");
    expect(message).toContain("TRUST_PROXY");
    expect(message).toContain("1 for one reverse proxy (nginx) on this machine");
    expect(message).toContain("CIDR");
  });

  it("refuses what is neither a number nor addresses, naming the variable, the wrong entries and the accepted forms", () => {
    for (const value of [
      "yes",
      "10.0.0.0/33",
      "::1/129",
      "10.0.0.0/8,nginx",
      "10.0.0.1/8/8",
      "10.0.0.0/-1",
      "1.5",
      "1000",
    ]) {
      const message = refusal(value);
      expect(message, value).toContain("TRUST_PROXY");
      expect(message, value).toContain("a number of proxies in front of the server");
    }
    expect(refusal("10.0.0.0/8, nginx, 300.1.1.1")).toContain('"nginx", "300.1.1.1"');
  });
});

describe("Fastify's trustProxy", () => {
  it("trusts the given number of hops nearest the server, whatever their addresses", () => {
    const trust = fastifyTrustProxy(1) as (address: string, hop: number) => boolean;
    expect([trust("127.0.0.1", 0), trust("203.0.113.9", 1)]).toEqual([true, false]);
  });

  it("passes no proxy and address lists as they are", () => {
    expect(fastifyTrustProxy(false)).toBe(false);
    expect(fastifyTrustProxy(["10.0.0.0/8"])).toEqual(["10.0.0.0/8"]);
  });
});
