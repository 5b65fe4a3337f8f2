import { completeCheckout } from "./checkout";
import { field } from "./form";
import { get, type CardBehavior, type Route, type StripeObject } from "./objects";

// The stand-in's hosted pages (ADR 073): Checkout and Connect onboarding, plain HTML forms a
// browser test can walk at 390 px. They stand in for Stripe's pages, so they carry no style of ours.

const CARDS: [CardBehavior, string][] = [
  ["ok", "4242 4242 4242 4242 (acceptée)"],
  ["declined", "4000 0000 0000 0002 (refusée)"],
  ["authentication_required", "4000 0027 6000 3184 (authentification exigée hors session)"],
];

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

function page(title: string, body: string): string {
  return `<!doctype html><html lang="fr-CA"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}label,select,button{display:block;width:100%;margin:.5rem 0;font-size:1rem}button{padding:.75rem}p[role=alert]{color:#b00020}</style></head><body><p>Stripe (simulation locale)</p><h1>${escape(title)}</h1>${body}</body></html>`;
}

function checkoutPage(session: StripeObject, error?: string): string {
  const amount = session.amount_total as number | null;
  const what =
    amount === null
      ? "<p>Enregistrer une carte : rien n'est débité maintenant.</p>"
      : `<p>Montant : ${(amount / 100).toFixed(2).replace(".", ",")} $ CA</p>`;
  const options = CARDS.map(([value, label]) => `<option value="${value}">${escape(label)}</option>`).join(
    "",
  );
  const cancel = session.cancel_url
    ? `<p><a href="${escape(String(session.cancel_url))}">Retour</a></p>`
    : "";
  return page(
    "Paiement sécurisé",
    `${what}${error ? `<p role="alert">${escape(error)}</p>` : ""}<form method="post"><label for="card">Carte de test</label><select id="card" name="card">${options}</select><button type="submit">${amount === null ? "Enregistrer la carte" : "Payer"}</button></form>${cancel}`,
  );
}

export const hostedPageRoutes: Route[] = [
  [
    "GET",
    /^\/c\/pay\/([^/]+)$/,
    (ctx) => {
      const session = get(ctx, ctx.params[0]!, "checkout.session");
      if (session.status !== "open")
        return { html: page("Paiement", "<p>Cette page de paiement n'est plus valide.</p>"), status: 410 };
      return { html: checkoutPage(session) };
    },
  ],
  [
    "POST",
    /^\/c\/pay\/([^/]+)$/,
    (ctx) => {
      const behavior = (field(ctx.form, "card") ?? "ok") as CardBehavior;
      const outcome = completeCheckout(ctx, ctx.params[0]!, behavior);
      if (outcome.ok) return { redirect: outcome.redirect };
      return {
        html: checkoutPage(get(ctx, ctx.params[0]!, "checkout.session"), outcome.message),
        status: 402,
      };
    },
  ],
  [
    "GET",
    /^\/connect\/onboarding\/([^/]+)$/,
    (ctx) => {
      get(ctx, ctx.params[0]!, "stand_in.account_link");
      return {
        html: page(
          "Inscription aux paiements",
          `<p>Identité, entreprise et compte bancaire (simulés).</p><form method="post"><button type="submit">Terminer l'inscription</button></form>`,
        ),
      };
    },
  ],
  [
    "POST",
    /^\/connect\/onboarding\/([^/]+)$/,
    (ctx) => {
      const link = get(ctx, ctx.params[0]!, "stand_in.account_link");
      const account = get(ctx, link.account as string, "account");
      Object.assign(account, { charges_enabled: true, payouts_enabled: true, details_submitted: true });
      ctx.emit("account.updated", account);
      return { redirect: String(link.return_url) };
    },
  ],
];
