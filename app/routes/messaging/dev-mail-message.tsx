import { ArrowLeft, ExternalLink } from "lucide-react";
import { data, Link } from "react-router";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { messagingMessages } from "~/lib/messages/messaging.fr";
import { demoToolsAllowed } from "~/server/security/demo-tools.server";
import { readStoredMail } from "~/server/mail/mailer.server";
import type { Route } from "./+types/dev-mail-message";
import { formatDateTime } from "~/domain/time/format-instant";
import { requestInfo } from "~/server/request-info.server";

const t = messagingMessages.devMail;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.mail.subject ?? t.notFound} | ${t.metaTitle}` },
  { name: "robots", content: "noindex" },
];

/** The links of the plain-text version, so a tester can follow them (manage, reset, unsubscribe). */
function linksOf(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"]+/g) ?? [])];
}

/** One stored mail: headers, links and the plain text; the HTML version has its own address. */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!demoToolsAllowed(requestInfo(context))) throw data(null, { status: 404 });
  const mail = await readStoredMail(params.id);
  if (!mail) throw data(null, { status: 404 });
  return { mail, links: linksOf(mail.text) };
}

export default function DevMailMessage({ loaderData }: Route.ComponentProps) {
  const { mail, links } = loaderData;
  return (
    <article className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-12">
      <Link
        to="/dev/mail"
        className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" />
        {t.back}
      </Link>
      <h1 className="text-2xl font-bold tracking-tight break-words">{mail.subject}</h1>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-semibold">{t.to}</dt>
        <dd className="break-all">{mail.to}</dd>
        <dt className="font-semibold">{t.date}</dt>
        <dd>
          <time dateTime={mail.date}>{formatDateTime(mail.date)}</time>
        </dd>
        {mail.attachments.length > 0 ? (
          <>
            <dt className="font-semibold">{t.attachments}</dt>
            <dd>
              {mail.attachments.map((a) => `${a.filename} (${a.contentType.split(";")[0]})`).join(", ")}
            </dd>
          </>
        ) : null}
      </dl>
      {links.length > 0 ? (
        <Card>
          <CardHeader className="p-4 pb-0">
            <CardTitle as="h2" className="text-base">
              {t.links}
            </CardTitle>
          </CardHeader>
          <CardContent className="p-4">
            <ul className="grid gap-1 text-sm">
              {links.map((href) => (
                <li key={href} className="break-all">
                  <a href={href} className="text-primary underline underline-offset-4">
                    {href}
                  </a>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ) : null}
      <p>
        <a
          href={`/dev/mail/${mail.id}/html`}
          className="inline-flex items-center gap-1 font-medium text-primary underline underline-offset-4"
        >
          <ExternalLink aria-hidden className="size-4" />
          {t.html}
        </a>
      </p>
      <section aria-labelledby="mail-text" className="grid gap-2">
        <h2 id="mail-text" className="text-lg font-semibold">
          {t.text}
        </h2>
        <pre className="rounded-lg border bg-muted p-4 text-sm [overflow-wrap:anywhere] whitespace-pre-wrap">
          {mail.text}
        </pre>
      </section>
    </article>
  );
}
