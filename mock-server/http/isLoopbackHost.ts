/**
 * Whether an address to bind reaches only this machine: `localhost`, 127.0.0.0/8 and ::1 (in any of
 * its spellings, IPv4-mapped loopback included). Anything else — 0.0.0.0, ::, a LAN address, a host
 * name — may be reachable from elsewhere.
 */
import { isIPv4, isIPv6 } from "node:net";

export function isLoopbackHost(host: string): boolean {
  const name = host.trim().toLowerCase().replace(/\.$/, "");
  if (name === "localhost") return true;
  if (isIPv4(name)) return name.split(".")[0] === "127";
  if (!isIPv6(name)) return false;
  // The URL parser writes every IPv6 spelling one way: [::1], and IPv4-mapped 127.x as [::ffff:7fxx:…].
  const canonical = new URL(`http://[${name}]/`).hostname;
  return canonical === "[::1]" || /^\[::ffff:7f[0-9a-f]{2}:/.test(canonical);
}
