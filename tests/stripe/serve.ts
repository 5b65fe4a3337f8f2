/**
 * The stand-in as a process, for the browser tests' server (playwright.config.ts, ADR 074):
 * STRIPE_STAND_IN_PORT is its port, STRIPE_STAND_IN_WEBHOOK_URL where it sends its events
 * (the server's POST /api/stripe/webhook). Stopped with the test run.
 */
import { startStripeStandIn } from "./stand-in";

const port = Number(process.env.STRIPE_STAND_IN_PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error("STRIPE_STAND_IN_PORT must be a port number");
const standIn = await startStripeStandIn({ port, webhookUrl: process.env.STRIPE_STAND_IN_WEBHOOK_URL });
console.log(`Stripe stand-in listening on ${standIn.url}`);
const stop = () => void standIn.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
