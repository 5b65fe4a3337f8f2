import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { expect, test, type Page } from "@playwright/test";
import Stripe from "stripe";
import { SERVER_NODE_FLAGS } from "../../scripts/server-flags.mjs";
import { startStripeStandIn, type StripeStandIn } from "../stripe/stand-in";

// The tip page after the wash (issue 31, ADR 079) at 390 px, on its own server: the production
// build with Stripe's keys pointed at the local stand-in (tests/stripe), so the tip is really
// charged by the worker's payments.charge job through the SDK. The booking, its card kept at
// booking and the demo client's Stripe customer are written in the server's database while it
// is stopped (the wizard's card step is another part of issue 31). Screenshots of the tip page,
// the receipt e-mail and « Moyens de paiement » go to SHOTS_DIR when it is set.

// Its own port beside the suite's server, one per project (the two may run at once).
let PORT = 0;
let BASE = "";
const SECRET = crypto.randomBytes(32).toString("base64url");
const SHOTS = process.env.SHOTS_DIR;

let standIn: StripeStandIn;
let server: ChildProcess | undefined;
let dataDir: string;
let bookingId: string;
/** A second completed wash of the same client, for « Aucun pourboire ». */
let noTipBookingId: string;
/** A third, whose balance the card kept refused: paid from the e-mail's link. */
let refusedBookingId: string;

async function startServer(): Promise<void> {
  server = spawn(process.execPath, [...SERVER_NODE_FLAGS, "server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DEMO_ACCOUNTS: "1",
      PUBLIC_URL: BASE,
      BETTER_AUTH_SECRET: SECRET,
      STRIPE_SECRET_KEY: standIn.secretKey,
      STRIPE_PUBLISHABLE_KEY: "pk_test_standin",
      STRIPE_WEBHOOK_SECRET: standIn.webhookSecret,
      STRIPE_API_BASE: standIn.url,
      BUSINESS_TPS_NUMBER: "123456789 RT 0001",
      BUSINESS_TVQ_NUMBER: "1234567890 TQ 0001",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await expect(async () => {
    const response = await fetch(`${BASE}/healthz`);
    expect(response.ok).toBe(true);
  }).toPass({ timeout: 90_000 });
}

async function stopServer(): Promise<void> {
  const child = server;
  server = undefined;
  if (!child || child.exitCode !== null) return;
  await new Promise((resolve) => {
    child.once("exit", resolve);
    child.kill("SIGTERM");
  });
}

/** The tip link's token, as the server signs it (services/payments/tip-link.server.ts, ADR 101). */
function tipToken(id: string): string {
  const key = Buffer.from(
    crypto.hkdfSync("sha256", SECRET, "lavage-mobile-prestige/purpose-key/v1", "tip-link", 32),
  );
  return crypto.createHmac("sha256", key).update(`tip:${id}`).digest("base64url").slice(0, 32);
}

/** A completed wash of the demo client whose card was kept at booking, and the client's cards. */
async function writeBooking(): Promise<void> {
  const stripe = new Stripe(standIn.secretKey, { ...standIn.sdkOptions, telemetry: false });
  const account = await stripe.accounts.create({ country: "CA" });
  const customer = await stripe.customers.create({ email: "client@example.com" });
  // Two cards kept on the stand-in's hosted page, as the booking's card step does.
  const cards: string[] = [];
  for (let i = 0; i < 2; i++) {
    const session = await stripe.checkout.sessions.create({
      mode: "setup",
      customer: customer.id,
      currency: "cad",
      success_url: `${BASE}/ok`,
      cancel_url: `${BASE}/no`,
    });
    await fetch(session.url!, {
      method: "POST",
      body: new URLSearchParams({ card: "ok" }),
      redirect: "manual",
    });
    const done = await stripe.checkout.sessions.retrieve(session.id);
    const setup = await stripe.setupIntents.retrieve(done.setup_intent as string);
    cards.push(setup.payment_method as string);
  }
  const db = await PGlite.create(path.join(dataDir, "db"), { extensions: { btree_gist, pg_trgm } });
  try {
    const one = async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows[0]!;
    const zone = await one<{ id: string; franchisee_id: string }>(
      "select id, franchisee_id from service_zones where route_slug = 'granby'",
    );
    const member = await one<{ id: string }>("select id from team_members where franchisee_id = $1 limit 1", [
      zone.franchisee_id,
    ]);
    const service = await one<{ id: string }>("select id from services order by name limit 1");
    const client = await one<{ id: string }>("select id from users where email = 'client@example.com'");
    await db.query(
      "update franchisees set stripe_account_id = $1, stripe_account_state = 'enabled' where id = $2",
      [account.id, zone.franchisee_id],
    );
    bookingId = `TIP${crypto.randomBytes(4).toString("hex").toUpperCase()}`;
    const start = new Date(Date.UTC(2020, 5, 1 + Math.floor(Math.random() * 300), 14));
    const end = new Date(start.getTime() + 90 * 60_000);
    const appointment = await one<{ id: string }>(
      `insert into appointments (booking_id, manage_token_hash, zone_id, franchisee_id, team_member_id, service_id,
         cars, customer_name, customer_email, customer_phone, address, unit_price_cents, price_cents,
         start_at, end_at, blocked_until, status, completed_at, user_id)
       values ($1, 'x', $2, $3, $4, $5, 1, 'Catherine Client', 'client@example.com', '450 555-0199',
         '123, rue Principale, Granby', 14999, 14999, $6, $7, $7, 'completed', $7, $8) returning id`,
      [bookingId, zone.id, zone.franchisee_id, member.id, service.id, start, end, client.id],
    );
    await db.query(
      `insert into appointment_payment_plans (appointment_id, mode, royalty_basis_points, stripe_account_id,
         stripe_customer_id, stripe_payment_method_id, status) values ($1, 'card_kept', 800, $2, $3, $4, 'settled')`,
      [appointment.id, account.id, customer.id, cards[0]],
    );
    // The balance already charged after the wash (172,45 $ with taxes, 8 % royalty).
    await db.query(
      `insert into payments (appointment_id, franchisee_id, kind, status, amount_cents, subtotal_cents, tps_cents,
         tvq_cents, application_fee_cents, idempotency_key, settled_at)
       values ($1, $2, 'balance', 'succeeded', 17245, 14999, 750, 1496, 1200, $3, $4)`,
      [appointment.id, zone.franchisee_id, `booking:${appointment.id}:balance`, end],
    );
    // A second wash, two days later, where the client chooses « Aucun pourboire ».
    noTipBookingId = `TIP${crypto.randomBytes(4).toString("hex").toUpperCase()}`;
    const later = (d: Date) => new Date(d.getTime() + 2 * 86_400_000);
    const second = await one<{ id: string }>(
      `insert into appointments (booking_id, manage_token_hash, zone_id, franchisee_id, team_member_id, service_id,
         cars, customer_name, customer_email, customer_phone, address, unit_price_cents, price_cents,
         start_at, end_at, blocked_until, status, completed_at, user_id)
       values ($1, 'y', $2, $3, $4, $5, 1, 'Catherine Client', 'client@example.com', '450 555-0199',
         '123, rue Principale, Granby', 14999, 14999, $6, $7, $7, 'completed', $7, $8) returning id`,
      [
        noTipBookingId,
        zone.id,
        zone.franchisee_id,
        member.id,
        service.id,
        later(start),
        later(end),
        client.id,
      ],
    );
    await db.query(
      `insert into appointment_payment_plans (appointment_id, mode, royalty_basis_points, stripe_account_id,
         stripe_customer_id, stripe_payment_method_id, status) values ($1, 'card_kept', 800, $2, $3, $4, 'settled')`,
      [second.id, account.id, customer.id, cards[0]],
    );
    // A third wash, four days later, whose balance the card kept refused (ADR 079).
    refusedBookingId = `TIP${crypto.randomBytes(4).toString("hex").toUpperCase()}`;
    const third = await one<{ id: string }>(
      `insert into appointments (booking_id, manage_token_hash, zone_id, franchisee_id, team_member_id, service_id,
         cars, customer_name, customer_email, customer_phone, address, unit_price_cents, price_cents,
         start_at, end_at, blocked_until, status, completed_at, user_id)
       values ($1, 'z', $2, $3, $4, $5, 1, 'Catherine Client', 'client@example.com', '450 555-0199',
         '123, rue Principale, Granby', 14999, 14999, $6, $7, $7, 'completed', $7, $8) returning id`,
      [
        refusedBookingId,
        zone.id,
        zone.franchisee_id,
        member.id,
        service.id,
        later(later(start)),
        later(later(end)),
        client.id,
      ],
    );
    await db.query(
      `insert into appointment_payment_plans (appointment_id, mode, royalty_basis_points, stripe_account_id,
         stripe_customer_id, stripe_payment_method_id, status) values ($1, 'card_kept', 800, $2, $3, $4, 'settled')`,
      [third.id, account.id, customer.id, cards[0]],
    );
    await db.query(
      `insert into payments (appointment_id, franchisee_id, kind, status, amount_cents, subtotal_cents, tps_cents,
         tvq_cents, application_fee_cents, idempotency_key, failure_code)
       values ($1, $2, 'balance', 'failed', 17245, 14999, 750, 1496, 1200, $3, 'card_declined')`,
      [third.id, zone.franchisee_id, `booking:${third.id}:balance`],
    );
    await db.query(
      "insert into payment_customers (email, user_id, stripe_customer_id) values ('client@example.com', $1, $2) on conflict do nothing",
      [client.id, customer.id],
    );
  } finally {
    await db.close();
  }
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.evaluate((t) => document.documentElement.classList.toggle("dark", t === "dark"), theme);
    await page.screenshot({
      path: path.join(SHOTS, `${name}-${page.viewportSize()!.width}-${theme}.png`),
      fullPage: true,
    });
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
}

/** No horizontal scroll. */
async function fitsWidth(page: Page) {
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
}

// At 390 px, the phone project only; with SHOTS_WIDTH=1440, the desktop project for wide screenshots.
test.describe(
  "the tip page after the wash (ADR 079)",
  { tag: process.env.SHOTS_WIDTH ? [] : ["@phone-only"] },
  () => {
    test.describe.configure({ mode: "serial", timeout: 240_000 });
    // 390 px (the phone of the brief); SHOTS_WIDTH=1440 with the desktop project for wide screenshots.
    test.use({
      viewport: { width: Number(process.env.SHOTS_WIDTH ?? 390), height: 844 },
      locale: "fr-CA",
      timezoneId: "America/Toronto",
    });

    test.beforeAll(async ({ browser: _browser }, testInfo) => {
      test.setTimeout(240_000);
      PORT = Number(process.env.E2E_PORT ?? 4319) + (testInfo.project.name === "mobile" ? 7 : 8);
      BASE = `http://127.0.0.1:${PORT}`;
      standIn = await startStripeStandIn();
      dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "lavage-tip-e2e-"));
      await startServer(); // migrates and seeds the data folder
      await stopServer();
      await writeBooking();
      await startServer();
    });

    test.afterAll(async () => {
      await stopServer();
      await standIn?.close();
      if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
    });

    test("@mobile a customer leaves a tip once from the e-mail's link, with no choice preselected, and gets the receipt", async ({
      page,
      browser,
    }) => {
      const url = `${BASE}/tip/${bookingId}?token=${tipToken(bookingId)}`;
      // Without JavaScript the form posts as is: « Aucun pourboire » charges nothing and says so; the
      // link opened again says the choice is made and offers nothing more.
      const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: page.viewportSize()! });
      const plain = await noScript.newPage();
      const noTipUrl = `${BASE}/tip/${noTipBookingId}?token=${tipToken(noTipBookingId)}`;
      await plain.goto(noTipUrl);
      await plain.getByRole("radio", { name: "Aucun pourboire" }).check();
      await plain.getByRole("button", { name: "Confirmer mon choix" }).click();
      await expect(plain.getByRole("status")).toContainText("aucun pourboire ne sera débité");
      await plain.goto(noTipUrl);
      await expect(plain.getByRole("status")).toContainText("Votre choix est déjà noté pour ce lavage");
      await expect(plain.getByRole("radio")).toHaveCount(0);
      await noScript.close();

      expect((await page.goto(`${BASE}/tip/${bookingId}?token=${"a".repeat(32)}`))!.status()).toBe(404);
      await expect(page.getByText("Lien invalide")).toBeVisible();

      await page.goto(url);
      await expect(page.getByRole("heading", { level: 1, name: "Pourboire pour l'équipe" })).toBeVisible();
      const group = page.getByRole("group", { name: "Votre choix" });
      const radios = group.getByRole("radio");
      // 10, 15 and 20 % of 149,99 $ before taxes, « Autre montant » and « Aucun pourboire », none chosen.
      await expect(radios).toHaveCount(5);
      for (const name of [
        /^10 % \(15,00/,
        /^15 % \(22,50/,
        /^20 % \(30,00/,
        "Autre montant",
        "Aucun pourboire",
      ])
        await expect(group.getByRole("radio", { name })).not.toBeChecked();
      await fitsWidth(page);
      // « Aucun pourboire » is as large a target as a percentage.
      const none = await group.getByText("Aucun pourboire").boundingBox();
      const ten = await group.getByText(/^10 %/).boundingBox();
      expect(Math.round(none!.height)).toBe(Math.round(ten!.height));
      await shoot(page, "tip-page");

      // Submitting without a choice keeps the page and says why; a custom amount too small is refused.
      await page.getByRole("button", { name: "Confirmer mon choix" }).click();
      await expect(page.getByText("Choisissez une option.")).toBeVisible();
      await group.getByRole("radio", { name: "Autre montant" }).check();
      await page.getByLabel("Montant du pourboire ($)").fill("0,25");
      await page.getByRole("button", { name: "Confirmer mon choix" }).click();
      await expect(page.getByText(/Le montant minimal est de 0,50/)).toBeVisible();
      await expect(page.getByLabel("Montant du pourboire ($)")).toHaveValue("0,25");

      await group.getByRole("radio", { name: /^15 %/ }).check();
      await page.getByRole("button", { name: "Confirmer mon choix" }).click();
      await expect(page.getByRole("status")).toContainText("Votre pourboire de 22,50");
      await shoot(page, "tip-page-thanks");

      // A second tab (or the link opened again) finds the tip already left: nothing more to charge.
      await page.goto(url);
      await expect(page.getByRole("status")).toContainText("Un pourboire de 22,50");
      await expect(page.getByRole("radio")).toHaveCount(0);

      // The worker charged it at the stand-in, and the receipt e-mail prints it apart, without taxes.
      await expect(async () => {
        await page.goto(`${BASE}/dev/mail`);
        await expect(
          page.getByRole("link").filter({ hasText: `Reçu de paiement, réservation ${bookingId}` }),
        ).toHaveCount(1, {
          timeout: 1_000,
        });
      }).toPass({ timeout: 30_000 });
      await page
        .getByRole("link")
        .filter({ hasText: `Reçu de paiement, réservation ${bookingId}` })
        .click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        `Reçu de paiement, réservation ${bookingId}`,
      );
      const html = page.url().replace(/\/?$/, "/html");
      await page.goto(html);
      await expect(page.getByText("Pourboire (sans taxes)")).toBeVisible();
      await expect(page.getByText("123456789 RT 0001")).toBeVisible();
      await shoot(page, "receipt-mail");
    });

    test("@mobile the client's « Moyens de paiement » lists the cards kept and removes one; the history links the receipts", async ({
      page,
    }) => {
      const signIn = await page.request.post(`${BASE}/api/auth/sign-in/email`, {
        data: { email: "client@example.com", password: "Demo12345!" },
        headers: { origin: BASE },
      });
      expect(signIn.ok()).toBe(true);
      await page.goto(`${BASE}/client`);
      await page.getByRole("link", { name: "Gérer les moyens de paiement" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Moyens de paiement" })).toBeVisible();
      await expect(page.getByText("Visa se terminant par 4242")).toHaveCount(2);
      await expect(page.getByText("Expire le 12/2034").first()).toBeVisible();
      await fitsWidth(page);
      await shoot(page, "payment-methods");
      await page.getByRole("button", { name: "Retirer la carte Visa se terminant par 4242" }).first().click();
      await expect(page.getByText("La carte est retirée.")).toBeVisible();
      await expect(page.getByText("Visa se terminant par 4242")).toHaveCount(1);

      await page.goto(`${BASE}/client/history`);
      const booking = page.getByRole("article", { name: new RegExp(bookingId) });
      await expect(booking.getByText(/Payé : 194,95/)).toBeVisible();
      await booking.getByRole("link", { name: /Reçu : Pourboire, 22,50/ }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        `Reçu de paiement, réservation ${bookingId}`,
      );
      await expect(page.getByRole("row", { name: /Pourboire \(sans taxes\)/ })).toContainText("22,50");
      await fitsWidth(page);
      await shoot(page, "receipt-page-tip");
      // The balance's receipt: the taxes on their own lines, adding up to the ledger's amount.
      await page.goBack();
      await booking.getByRole("link", { name: /Reçu : Solde après le lavage, 172,45/ }).click();
      for (const [line, amount] of [
        [/Sous-total/, "149,99"],
        [/TPS \(5 %\)/, "7,50"],
        [/TVQ \(9,975 %\)/, "14,96"],
        [/Total payé/, "172,45"],
      ] as const)
        await expect(page.getByRole("row", { name: line })).toContainText(amount);
      await shoot(page, "receipt-page-balance");
    });

    test("@mobile a refused balance is paid from the e-mail's link with another card, once", async ({
      page,
    }) => {
      // The stand-in tells our server when its hosted page is paid, as Stripe's webhook does.
      standIn.webhookUrl = `${BASE}/api/stripe/webhook`;
      const link = `${BASE}/tip/${refusedBookingId}/balance?token=${tipToken(refusedBookingId)}`;
      expect(
        (await page.goto(`${BASE}/tip/${refusedBookingId}/balance?token=${"a".repeat(32)}`))!.status(),
      ).toBe(404);
      await expect(page.getByText("Lien invalide")).toBeVisible();

      await page.goto(`${BASE}/tip/${refusedBookingId}?token=${tipToken(refusedBookingId)}`);
      await expect(page.getByText("Solde à régler")).toBeVisible();
      await expect(page.getByText(/le solde de ce lavage : 172,45/)).toBeVisible();
      await fitsWidth(page);
      await shoot(page, "tip-balance-due");
      await page.getByRole("link", { name: "Payer le solde" }).click();
      // The stand-in's hosted page, for exactly the balance.
      await expect(page.getByRole("heading", { name: "Paiement sécurisé" })).toBeVisible();
      await expect(page.getByText("Montant : 172,45 $ CA")).toBeVisible();
      await page.getByRole("button", { name: "Payer" }).click();
      await expect(page.getByRole("status")).toContainText("Le paiement du solde est reçu");
      await expect(page.getByText("Solde à régler")).toHaveCount(0);
      await shoot(page, "tip-balance-paid");
      // Its receipt arrives once; the e-mail's link then leads back here, never to a second payment.
      await expect(async () => {
        await page.goto(`${BASE}/dev/mail`);
        await expect(
          page.getByRole("link").filter({ hasText: `Reçu de paiement, réservation ${refusedBookingId}` }),
        ).toHaveCount(1, { timeout: 1_000 });
      }).toPass({ timeout: 30_000 });
      await page.goto(link);
      await expect(page).toHaveURL(new RegExp(`/tip/${refusedBookingId}\\?token=.+&balance=paid$`));
      await expect(page.getByText("Solde à régler")).toHaveCount(0);
    });
  },
);
