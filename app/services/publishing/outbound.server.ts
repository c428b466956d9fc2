/**
 * Calls to addresses someone else chose: the clients' websites (publishing, issue 15), the pages a search ranks
 * (research, issue 39). Someone else picks the address, so the server must not become a way to reach what only
 * it can reach. Each request's host, and each redirect's, is resolved first and refused when any of its
 * addresses is loopback, private, link-local (the clouds' metadata service), shared, unique local, multicast or
 * unspecified, unless OUTBOUND_ALLOW_PRIVATE_HOSTS (formerly PUBLISHING_ALLOW_PRIVATE_HOSTS) says a WordPress or
 * the local fakes run beside the product. Redirects are followed by hand (at most 5), so that each hop is checked.
 *
 * What stays open: a name that resolves to a public address for the check and to a private one for the
 * connection a moment later (DNS rebinding). Node's fetch offers no hook to connect to the checked address;
 * decision 027 says so.
 */
import dns from "node:dns/promises";
import net from "node:net";
import { getEnv } from "~/services/env.server";

export class BlockedHostError extends Error {
  constructor(
    readonly host: string,
    who = "publishing",
  ) {
    super(`The address ${host} is on a private network or on this server: ${who} does not call it.`);
    this.name = "BlockedHostError";
  }
}

const BLOCKED_V4: [string, number][] = [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
];
const BLOCKED_V6: [string, number][] = [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
];

const blockList = new net.BlockList();
for (const [address, prefix] of BLOCKED_V4) blockList.addSubnet(address, prefix, "ipv4");
for (const [address, prefix] of BLOCKED_V6) blockList.addSubnet(address, prefix, "ipv6");

/** Whether an IP address is one that publishing never calls (IPv4-mapped IPv6 addresses read as IPv4). */
export function isBlockedAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blockList.check(mapped[1]!, "ipv4");
  const family = net.isIP(address);
  if (family === 0) return true;
  return blockList.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** Refuses a URL whose host is, or resolves to, a blocked address (unless they are allowed); `who` names the caller in the error. */
export async function assertPublicHost(url: string, who?: string): Promise<void> {
  if (getEnv().OUTBOUND_ALLOW_PRIVATE_HOSTS) return;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  const addresses = net.isIP(host) ? [host] : (await dns.lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  if (addresses.length === 0 || addresses.some(isBlockedAddress)) throw new BlockedHostError(host, who);
}

const MAX_REDIRECTS = 5;

/** Headers that carry a site's credentials: never sent on to another origin than the one they were given for. */
const CREDENTIAL_HEADERS = ["authorization", "cookie", "proxy-authorization"];

/** The request without its credentials (the Fetch standard drops Authorization on a redirect to another origin). */
function withoutCredentials(request: RequestInit): RequestInit {
  const headers = new Headers(request.headers);
  for (const name of CREDENTIAL_HEADERS) headers.delete(name);
  return { ...request, headers };
}

/**
 * fetch() to a client's website: every hop's host checked, redirects followed by hand (a POST becomes a GET on
 * 301-303 as browsers do); a hop to another origin (scheme, host or port) goes without the credentials.
 * `who` names the caller in a BlockedHostError ("publishing" by default); `maxRedirects` (5 by default) how many
 * redirects are followed before the redirect itself is answered.
 */
export async function fetchOutbound(url: string, init: RequestInit, who?: string, maxRedirects = MAX_REDIRECTS): Promise<Response> {
  let current = url;
  let request = init;
  for (let hop = 0; ; hop++) {
    await assertPublicHost(current, who);
    const response = await fetch(current, { ...request, redirect: "manual" });
    const location = response.headers.get("location");
    if (response.status < 300 || response.status >= 400 || !location) return response;
    if (hop >= maxRedirects) return response;
    await response.body?.cancel();
    const next = new URL(location, current);
    if (next.origin !== new URL(current).origin) request = withoutCredentials(request);
    current = next.href;
    if ([301, 302, 303].includes(response.status) && request.method && request.method !== "GET" && request.method !== "HEAD")
      request = { ...request, method: "GET", body: undefined };
  }
}
