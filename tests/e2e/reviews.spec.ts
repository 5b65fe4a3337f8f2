import type { Locator, Page } from "@playwright/test";
import { openMail } from "./dev-mail";
import { DEMO, DEMO_PASSWORD, appPage, expect, test, waitForHydration } from "./fixtures";

/** The Toronto date of today, as the franchisee's schedule takes it. */
function torontoToday(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Toronto" }).format(new Date());
}

/** The ratings shown in the home page's review list. */
async function listedRatings(section: Locator): Promise<number[]> {
  const labels = await section
    .getByRole("listitem")
    .getByRole("img")
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("aria-label") ?? ""));
  return labels.map((label) => Number(/^(\d)/.exec(label)?.[1]));
}

async function signedInPage(page: Page, browserPage: Page, role: "franchisee" | "admin", baseURL: string) {
  const response = await browserPage.request.post("/api/auth/sign-in/email", {
    data: { email: DEMO[role], password: DEMO_PASSWORD },
    headers: { origin: baseURL },
  });
  expect(response.ok()).toBe(true);
  return page;
}

test.describe("reviews (ADR 049)", () => {
  test("a completed wash is asked by e-mail; a 2-star review is published with the average, answered once, and cannot be hidden without a policy reason", async ({
    page,
    browser,
    baseURL,
    axe,
  }) => {
    test.setTimeout(120_000);
    const suffix = Math.random().toString(36).slice(2, 7);
    const email = `avis.${suffix}@example.com`;
    const name = `Rosalie Avis${suffix}`;
    const shownName = "Rosalie A.";
    const comment = `Lavage correct, mais l'équipe est arrivée 30 minutes en retard (${suffix}).`;

    // A Granby booking, which the demo tool then starts a minute ago (it can be completed).
    const slots = (await (await page.request.get("/api/slots?zone=granby&cars=1")).json()) as {
      days: { slots: { start: string }[] }[];
    };
    const start = slots.days.flatMap((d) => d.slots)[0]!.start;
    const booked = await page.request.post("/api/bookings", {
      data: {
        zone: "granby",
        cars: 1,
        start,
        name,
        email,
        phone: "450 555 0142",
        address: "120 rue Principale, Granby J2G 2T5",
      },
      headers: { origin: baseURL! },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const { booking_id: bookingId } = (await booked.json()) as { booking_id: string };
    const started = await page.request.post("/api/dev/start-appointment", {
      data: { bookingId },
      headers: { origin: baseURL! },
    });
    expect(started.ok(), await started.text()).toBe(true);

    // The franchisee marks it completed from the schedule of today.
    const franchiseeContext = await browser.newContext({ baseURL });
    const franchisee = appPage(await franchiseeContext.newPage());
    await signedInPage(franchisee, franchisee, "franchisee", baseURL!);
    await franchisee.goto(`/franchisee/schedule?view=day&date=${torontoToday()}`);
    await waitForHydration(franchisee);
    const card = franchisee.getByRole("listitem").filter({ hasText: name });
    await card.getByRole("button", { name: "Marquer terminé" }).click();
    const confirm = franchisee.getByRole("alertdialog");
    await confirm.getByRole("button", { name: "Marquer terminé" }).click();
    await expect(franchisee.getByText("Rendez-vous terminé").first()).toBeVisible();

    // The review request arrives (the delay is 0 in the browser tests), its link opens the page.
    await openMail(page, email, /^Comment s'est passé votre lavage/);
    await page
      .getByRole("link", { name: /\/review\/[0-9a-z]+\?token=/ })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/review/${bookingId}\\?token=`));
    await expect(page.getByRole("heading", { level: 1, name: "Votre avis sur votre lavage" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Règles de publication" })).toBeVisible();
    const stars = page.getByRole("group", { name: /Votre note/ });
    await expect(stars.getByRole("radio")).toHaveCount(5);
    await expect(page.getByRole("textbox", { name: "Nom affiché" })).toHaveValue(shownName);
    expect(await axe()).toEqual([]);

    // Nothing chosen: a French error, what was typed kept.
    await page.getByLabel("Votre commentaire").fill(comment);
    await page.getByRole("button", { name: "Publier mon avis" }).click();
    await expect(page.getByText("Choisissez une note de 1 à 5 étoiles.")).toBeVisible();
    await expect(page.getByLabel("Votre commentaire")).toHaveValue(comment);

    // Keyboard: the radio group takes the arrow keys.
    await stars.getByRole("radio", { name: "1 étoile" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(stars.getByRole("radio", { name: "2 étoiles" })).toBeChecked();
    await page.getByLabel(/J'accepte que mon avis soit publié/).check();
    await page.getByRole("button", { name: "Publier mon avis" }).click();
    await expect(page.getByText("Merci ! Votre avis est enregistré.")).toBeVisible();
    await expect(page.getByText("Il est publié sur le site.")).toBeVisible();

    // Published on the home page, with the average and the count of what is shown.
    await page.goto("/");
    const section = page.locator("section#reviews");
    const review = section.getByRole("listitem").filter({ hasText: comment });
    await expect(review).toContainText(shownName);
    await expect(review.getByRole("img", { name: "2 étoiles sur 5" })).toBeVisible();
    const ratings = await listedRatings(section);
    const summary = section.getByTestId("reviews-summary");
    await expect(summary).toContainText(/d'après \d+ avis/);
    const count = Number(/d'après (\d+) avis/.exec((await summary.textContent()) ?? "")![1]);
    if (count === ratings.length) {
      const average = ratings.reduce((a, b) => a + b, 0) / ratings.length;
      const shown = new Intl.NumberFormat("fr-CA", {
        minimumFractionDigits: 1,
        maximumFractionDigits: 1,
      }).format(average);
      await expect(summary).toContainText(`${shown} sur 5, d'après ${count} avis`);
    }
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(jsonLd.join("")).toContain('"AggregateRating"');
    expect(jsonLd.join("")).toContain(comment.replace(/'/g, "'"));

    // The franchisee answers it, once.
    await franchisee.goto("/franchisee/reviews");
    const mine = franchisee.getByRole("listitem").filter({ hasText: comment });
    const answer = "Merci pour votre retour. Nous avons revu nos trajets pour arriver à l'heure.";
    await mine.getByLabel("Votre réponse publique").fill(answer);
    await mine.getByRole("button", { name: "Répondre" }).click();
    await expect(franchisee.getByText("Réponse publiée").first()).toBeVisible();
    await expect(mine.getByRole("button", { name: "Répondre" })).toHaveCount(0);
    await page.goto("/");
    await expect(review).toContainText(answer);
    await franchiseeContext.close();

    // The admin cannot hide it without a reason of the policy: the page and the server refuse.
    const adminContext = await browser.newContext({ baseURL });
    const admin = appPage(await adminContext.newPage());
    await signedInPage(admin, admin, "admin", baseURL!);
    await admin.goto("/admin/reviews");
    const item = admin.getByRole("listitem").filter({ hasText: comment });
    await item.getByRole("button", { name: "Masquer" }).click();
    await expect(item.getByText("Choisissez un motif parmi les règles de publication.")).toBeVisible();
    const reviewId = await item.locator('input[name="review_id"]').inputValue();
    for (const reason of ["", "negative", "low_rating"]) {
      const refused = await admin.request.post("/admin/reviews", {
        form: { review_id: reviewId, intent: "hide", reason },
        headers: { origin: baseURL! },
      });
      expect(refused.status()).toBe(400);
    }
    await adminContext.close();
    await page.goto("/");
    await expect(review).toContainText(shownName);
  });
});
