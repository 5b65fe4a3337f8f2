import { data } from "react-router";
import { demoToolsAllowed } from "~/server/security/demo-tools.server";
import { readStoredMail } from "~/server/mail/mailer.server";
import type { Route } from "./+types/dev-mail-html";
import { requestInfo } from "~/server/request-info.server";

/**
 * GET /dev/mail/{id}/html: the HTML version of a stored mail as its own page, sandboxed by CSP
 * (no script, no same-origin rights), so a tester sees it as a mail client would and can follow
 * its links. Development only, like the mail box.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!demoToolsAllowed(requestInfo(context))) throw data(null, { status: 404 });
  const mail = await readStoredMail(params.id);
  if (!mail) throw data(null, { status: 404 });
  return new Response(mail.html, {
    headers: {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy":
        "sandbox allow-popups allow-top-navigation-by-user-activation; default-src 'none'; img-src * data:; style-src 'unsafe-inline'",
      "x-robots-tag": "noindex",
    },
  });
}
