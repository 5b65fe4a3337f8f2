import { isIP } from "node:net";

/**
 * Loopback addresses (ADR 041): demo mode starts only on a loopback PUBLIC_URL, and the demo
 * tools (/dev/mail, the test login) answer only requests whose socket comes from loopback.
 */

/** 127.0.0.0/8, ::1, and IPv4 loopback mapped into IPv6 (::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string | undefined | null): boolean {
  if (!address) return false;
  const ip = address.startsWith("[") && address.endsWith("]") ? address.slice(1, -1) : address;
  const v4 = ip.toLowerCase().startsWith("::ffff:") ? ip.slice(7) : ip;
  if (isIP(v4) === 4) return v4.split(".")[0] === "127";
  if (isIP(ip) === 6) return /^(0{0,4}:){2,7}0{0,3}1$/.test(ip) || ip === "::1";
  return false;
}

/** A URL whose host is localhost or a loopback address. */
export function isLoopbackUrl(url: string): boolean {
  let hostname: string;
  try {
    hostname = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  return hostname === "localhost" || isLoopbackAddress(hostname);
}
