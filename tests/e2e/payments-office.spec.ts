/**
 * The back office's side of getting paid (issue 31, ADR 075), on the server the browser tests
 * point at the Stripe stand-in: the franchisee records a wash paid on site in one tap and finds it
 * in the month's statement with its « payé sur place » mark; the admin sets the network's royalty
 * (a wrong rate refused in French, what was typed kept) and exports the month's royalty statement
 * as a CSV that reads back with the accountant's columns. Then the franchisee sets up its Stripe
 * account through the stand-in's hosted onboarding and comes back to an active account, which the
 * admin's zone settings then see; a wrong deposit is refused at its field, the zone left on site.
 * PAY_OFFICE_SHOTS=<folder> also saves the pages at 390 and 1440 px, light and dark.
 */
import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { GRANBY_ADDRESS } from "./bookings";
import { appPage, DEMO, DEMO_PASSWORD, expect, test } from "./fixtures";

const SHOTS = process.env.PAY_OFFICE_SHOTS;

async function signedIn(
  browser: Browser,
  baseURL: string,
  role: "franchisee" | "admin",
  width = 1440,
  scheme: "light" | "dark" = "light",
) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width, height: 900 },
    colorScheme: scheme,
    locale: "fr-CA",
    timezoneId: "America/Toronto",
  });
  const page = appPage(await context.newPage());
  const response = await page.request.post("/api/auth/sign-in/email", {
    data: { email: DEMO[role], password: DEMO_PASSWORD },
    headers: { origin: baseURL },
  });
  expect(response.ok()).toBe(true);
  return page;
}

/** Serious and critical accessibility violations of the page. */
async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id);
}

async function noSidewaysScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(client);
}

test.describe("getting paid, back office (ADR 075)", () => {
  test("a wash paid on site is recorded once and reaches the franchisee's and the admin's statements and the CSV", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const suffix = Math.random().toString(36).slice(2, 7);
    const name = `Maude Paiement${suffix}`;
    // A Granby booking that the demo tool starts a minute ago: it can be paid on site. The team
    // member a slot goes to may be busy right now (the demo's own washes): the next slot, then.
    const slots = (await (await page.request.get("/api/slots?zone=granby&cars=1")).json()) as {
      days: { slots: { start: string }[] }[];
    };
    let bookingId = "";
    for (const { start } of slots.days.flatMap((d) => d.slots).slice(0, 8)) {
      const booked = await page.request.post("/api/bookings", {
        data: {
          zone: "granby",
          cars: 1,
          start,
          name,
          email: `paiement.${suffix}@example.com`,
          phone: "450 555 0143",
          address: GRANBY_ADDRESS,
        },
        headers: { origin: baseURL! },
      });
      if (booked.status() !== 201) continue;
      const { booking_id: id } = (await booked.json()) as { booking_id: string };
      const started = await page.request.post("/api/dev/start-appointment", {
        data: { bookingId: id },
        headers: { origin: baseURL! },
      });
      if (started.ok()) {
        bookingId = id;
        break;
      }
    }
    expect(bookingId, "a booking started now").not.toBe("");

    // The franchisee: payment on site (its Stripe account not set up, or no Stripe at all), the
    // booking to record, a wrong tip refused.
    const franchisee = await signedIn(browser, baseURL!, "franchisee");
    await franchisee.goto("/franchisee/payments");
    await expect(franchisee.getByRole("heading", { level: 1, name: "Paiements" })).toBeVisible();
    await expect(franchisee.getByText(/vos clients paient sur place/i).first()).toBeVisible();
    const card = franchisee.getByRole("listitem").filter({ hasText: bookingId });
    await card.getByLabel("Pourboire ($, facultatif)").fill("cinq");
    await card.getByRole("button", { name: `Payé comptant : ${bookingId}` }).click();
    await expect(card.getByRole("alert")).toHaveText("Entrez un pourboire en dollars, ou laissez vide.");
    await expect(card.getByLabel("Pourboire ($, facultatif)")).toHaveValue("cinq");
    await card.getByLabel("Pourboire ($, facultatif)").fill("5");
    await card.getByRole("button", { name: `Payé comptant : ${bookingId}` }).click();
    await expect(
      franchisee.getByText(`Paiement sur place de la réservation ${bookingId} noté.`).first(),
    ).toBeVisible();
    // Gone from the list to record; in the month's statement with its mark.
    await expect(franchisee.getByRole("button", { name: `Payé comptant : ${bookingId}` })).toHaveCount(0);
    const row = franchisee
      .getByRole("list", { name: "Détail" })
      .getByRole("listitem")
      .filter({ hasText: bookingId });
    await expect(row).toContainText("Solde");
    await expect(row).toContainText("Comptant");
    await expect(row).toContainText("payé sur place");
    await expect(row).toContainText("177,45 $");
    expect(await axeViolations(franchisee)).toEqual([]);

    // The admin: a royalty refused then set, the statement and its CSV (the zones' settings are
    // tried over HTTP against the stand-in, tests/http/payments-office.test.ts).
    const admin = await signedIn(browser, baseURL!, "admin");
    await admin.goto("/admin/payments");
    await expect(admin.getByRole("heading", { level: 1, name: "Paiements" })).toBeVisible();
    const network = admin.getByLabel("Redevance du réseau (%)");
    await network.fill("120");
    await admin.getByRole("button", { name: "Enregistrer : Redevance du réseau (%)" }).click();
    await expect(
      admin.getByText("Entrez un pourcentage entre 0 et 100, par exemple 8 ou 7,5."),
    ).toBeVisible();
    await expect(network).toHaveValue("120");
    await network.fill("8");
    await admin.getByRole("button", { name: "Enregistrer : Redevance du réseau (%)" }).click();
    await expect(admin.getByText("Redevance du réseau enregistrée.").first()).toBeVisible();
    expect(await axeViolations(admin)).toEqual([]);

    // A franchisee's own rate, from the franchisees' table too; blank goes back to the network's.
    await admin.goto("/admin/franchisees");
    const own = admin.getByLabel("Redevance de Prestige Granby (%)");
    await own.fill("7,5");
    await admin.getByRole("button", { name: "Enregistrer : Redevance de Prestige Granby (%)" }).click();
    await expect(admin.getByText("Redevance de Prestige Granby enregistrée.").first()).toBeVisible();
    await expect(admin.getByLabel("Redevance de Prestige Granby (%)")).toHaveValue("7,5");
    await admin.getByLabel("Redevance de Prestige Granby (%)").fill("");
    await admin.getByRole("button", { name: "Enregistrer : Redevance de Prestige Granby (%)" }).click();
    await expect(admin.getByLabel("Redevance de Prestige Granby (%)")).toHaveValue("");

    await admin.goto("/admin/payments");
    await admin.getByRole("link", { name: "Relevé mensuel des redevances" }).click();
    await expect(admin.getByRole("heading", { level: 1, name: "Relevé des redevances" })).toBeVisible();
    const adminRow = admin
      .getByRole("list", { name: "Détail" })
      .getByRole("listitem")
      .filter({ hasText: bookingId });
    await expect(adminRow).toContainText("payé sur place");
    expect(await axeViolations(admin)).toEqual([]);
    // The per-franchisee summary: a header row and at least the demo franchisee's.
    expect(
      await admin.getByRole("region", { name: "Par franchisé" }).first().getByRole("row").count(),
    ).toBeGreaterThan(1);
    const [download] = await Promise.all([
      admin.waitForEvent("download"),
      admin.getByRole("link", { name: "Exporter en CSV" }).click(),
    ]);
    const csv = fs.readFileSync((await download.path())!, "utf8");
    const lines = csv
      .replace(/^\uFEFF/, "")
      .split("\r\n")
      .filter(Boolean)
      .map((l) => l.split(";"));
    expect(lines[0]).toEqual([
      "Date",
      "Réservation",
      "Client",
      "Sous-total",
      "TPS",
      "TVQ",
      "Pourboire",
      "Redevance",
      "Net",
    ]);
    const line = lines.find((l) => l[1] === bookingId);
    // 149,99 $ before taxes, TPS 7,50 $, TVQ 14,96 $, a 5,00 $ tip; the royalty on 149,99 $ only.
    expect(line?.slice(2, 7)).toEqual([name, "149,99", "7,50", "14,96", "5,00"]);
    const fee = Number(line![7]!.replace(",", "."));
    expect(Number(line![8]!.replace(",", "."))).toBeCloseTo(177.45 - fee, 2);
    // On a phone, nothing scrolls sideways.
    for (const [who, url] of [
      [franchisee, "/franchisee/payments"],
      [admin, "/admin/payments"],
      [admin, "/admin/payments/statement"],
    ] as const) {
      await who.setViewportSize({ width: 390, height: 844 });
      await who.goto(url);
      await noSidewaysScroll(who);
    }

    if (SHOTS) {
      for (const scheme of ["light", "dark"] as const) {
        for (const width of [390, 1440]) {
          for (const [shot, url, file] of [
            [franchisee, "/franchisee/payments", "franchisee-payments"],
            [admin, "/admin/franchisees", "admin-franchisees"],
            [admin, "/admin/payments", "admin-payments"],
            [admin, "/admin/payments/statement", "admin-statement"],
          ] as const) {
            await shot.setViewportSize({ width, height: 900 });
            await shot.emulateMedia({ colorScheme: scheme });
            await shot.goto(url);
            await noSidewaysScroll(shot);
            await shot.screenshot({ path: `${SHOTS}/${file}-${width}-${scheme}.png`, fullPage: true });
          }
        }
      }
    }
    await franchisee.context().close();
    await admin.context().close();
  });

  test("the franchisee's Stripe account set up through the hosted onboarding; a wrong deposit refused at its field", async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const franchisee = await signedIn(browser, baseURL!, "franchisee", 390);
    await franchisee.goto("/franchisee/payments");
    const account = franchisee.getByRole("region", { name: "Compte Stripe" });
    // Not started on a fresh server; a retry may find the onboarding begun or done.
    await franchisee
      .getByRole("link", {
        name: /Configurer mon compte Stripe|Continuer l.inscription|Mettre à jour mes renseignements/,
      })
      .click();
    // Stripe's hosted page (the stand-in's), then back to our page with the account's state.
    await expect(franchisee.getByRole("heading", { name: "Inscription aux paiements" })).toBeVisible();
    await franchisee.getByRole("button", { name: "Terminer l'inscription" }).click();
    await expect(franchisee).toHaveURL(/\/franchisee\/payments\?stripe=return$/);
    await expect(
      franchisee.getByRole("status").filter({ hasText: "État du compte mis à jour depuis Stripe." }),
    ).toContainText("Actif : Stripe accepte les paiements par carte pour vous.");
    await expect(
      account.getByRole("link", { name: "Mettre à jour mes renseignements chez Stripe" }),
    ).toBeVisible();
    await noSidewaysScroll(franchisee);
    expect(await axeViolations(franchisee)).toEqual([]);

    // The admin's zone settings see the account active: no « pas actif » note on Granby's form.
    const admin = await signedIn(browser, baseURL!, "admin");
    await admin.goto("/admin/payments");
    const granby = admin.getByRole("form", { name: "Granby" });
    await expect(granby).toBeVisible();
    await expect(
      admin
        .getByRole("region", { name: "Granby" })
        .getByText("Le compte Stripe du franchisé n'est pas actif"),
    ).toHaveCount(0);
    // A deposit of 150 % is refused at its field, what was typed kept, and nothing saved.
    await granby.getByLabel("Mode de paiement").selectOption("deposit");
    await granby.getByLabel("Type de dépôt").selectOption("percent");
    await granby.getByLabel("Dépôt", { exact: true }).fill("150");
    await granby.getByRole("button", { name: "Enregistrer : Granby" }).click();
    await expect(granby.getByText("Entrez un pourcentage entre 0,01 et 100, par exemple 25.")).toBeVisible();
    await expect(granby.getByLabel("Dépôt", { exact: true })).toHaveValue("150");
    await expect(granby.getByLabel("Dépôt", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await admin.goto("/admin/payments");
    await expect(admin.getByRole("form", { name: "Granby" }).getByLabel("Mode de paiement")).toHaveValue(
      "on_site",
    );
    await franchisee.context().close();
    await admin.context().close();
  });
});
