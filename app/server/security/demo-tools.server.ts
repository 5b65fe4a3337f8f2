import { isLoopbackAddress } from "~/lib/loopback";
import { env } from "../env.server";

/**
 * Whether the demo tools answer this request (ADR 041): the development mail box (/dev/mail),
 * the test login (the panel on /auth and POST /api/setup-test-users) and the unsigned SMS
 * callback. They need demo mode (development or DEMO_ACCOUNTS=1) AND a request whose TCP peer
 * is loopback: `socketIp` is the socket's own address, never X-Forwarded-For, so a visitor
 * behind the load balancer of a public server is refused even when TRUST_PROXY is set.
 */
export function demoToolsAllowed(
  context: { socketIp?: string },
  demoAccounts: boolean = env().demoAccounts,
): boolean {
  return demoAccounts && isLoopbackAddress(context.socketIp);
}
