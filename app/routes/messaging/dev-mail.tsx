import { Mail, Paperclip } from "lucide-react";
import { data, Link } from "react-router";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { messagingMessages } from "~/lib/messages/messaging.fr";
import { demoToolsAllowed } from "~/server/security/demo-tools.server";
import { listStoredMails } from "~/server/mail/mailer.server";
import type { Route } from "./+types/dev-mail";
import { formatDateTime } from "~/domain/time/format-instant";
import { requestInfo } from "~/server/request-info.server";

const t = messagingMessages.devMail;

export const meta: Route.MetaFunction = () => [
  { title: t.metaTitle },
  { name: "robots", content: "noindex" },
];

/** Development only (NODE_ENV=development or DEMO_ACCOUNTS=1): the .eml files of DATA_DIR/mail. */
export async function loader({ context }: Route.LoaderArgs) {
  // Demo mode and a loopback client only (ADR 041): these mails hold reset links of real accounts.
  if (!demoToolsAllowed(requestInfo(context))) throw data(null, { status: 404 });
  const mails = await listStoredMails();
  return {
    mails: mails.map((m) => ({
      id: m.id,
      to: m.to,
      subject: m.subject,
      date: m.date,
      attachments: m.attachments.length,
    })),
  };
}

export default function DevMail({ loaderData }: Route.ComponentProps) {
  const { mails } = loaderData;
  return (
    <section className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-12">
      <div className="grid gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t.title}</h1>
        <p className="text-muted-foreground">{t.intro}</p>
      </div>
      {mails.length === 0 ? (
        <Card>
          <CardContent className="flex items-center gap-3 p-6 text-muted-foreground">
            <Mail aria-hidden className="size-5" />
            <p>{t.empty}</p>
          </CardContent>
        </Card>
      ) : (
        <ul className="grid gap-3" aria-label={t.title}>
          {mails.map((mail) => (
            <li key={mail.id}>
              <Card>
                <CardHeader className="gap-1 p-4">
                  <CardTitle as="h2" className="text-base">
                    <Link
                      to={`/dev/mail/${mail.id}`}
                      className="text-primary underline-offset-4 hover:underline"
                      aria-label={t.open(mail.subject)}
                    >
                      {mail.subject}
                    </Link>
                  </CardTitle>
                  <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
                    <span>
                      {t.to} : {mail.to}
                    </span>
                    <span>
                      {t.date} : <time dateTime={mail.date}>{formatDateTime(mail.date, "medium")}</time>
                    </span>
                    {mail.attachments > 0 ? (
                      <span className="inline-flex items-center gap-1">
                        <Paperclip aria-hidden className="size-3.5" />
                        {t.attachments} : {mail.attachments}
                      </span>
                    ) : null}
                  </p>
                </CardHeader>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
