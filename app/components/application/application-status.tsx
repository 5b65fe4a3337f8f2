import { CircleCheck, Clock, FileText, MailWarning, Send, XCircle } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";

import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { ApplicationStatus as Status } from "~/domain/applications/schemas";
import { applicationMessages } from "~/lib/messages/application.fr";
import { formatDate } from "~/domain/time/format-instant";

const s = applicationMessages.status;

const ICONS = { submitted: FileText, reviewing: Clock, approved: CircleCheck, rejected: XCircle } as const;

const BADGES = {
  submitted: "default",
  reviewing: "outline",
  approved: "success",
  rejected: "secondary",
} as const;

/**
 * What a signed-in applicant sees instead of a new form: the status of their application in
 * French (Soumise, En révision, Approuvée, Refusée), its receipt number (the start of its id), the
 * date and the city, and what comes next.
 */
export function ApplicationStatusCard({
  application,
}: {
  application: {
    id: string;
    status: Status;
    city: string;
    submittedAt: string;
    email: string;
    emailConfirmed: boolean;
  };
}) {
  const Icon = ICONS[application.status];
  const navigation = useNavigation();
  const resending = navigation.state !== "idle" && navigation.formAction?.includes("resend") === true;
  // Until the address is confirmed, nobody can approve it (ADR 043): say so, and offer the link again.
  const awaitingEmail =
    !application.emailConfirmed && (application.status === "submitted" || application.status === "reviewing");
  return (
    <Card className="mx-auto w-full max-w-2xl">
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2 text-xl">
          <Icon aria-hidden="true" className="size-5 text-primary" />
          {s.title}
        </CardTitle>
        <CardDescription>{s.intro}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {awaitingEmail ? (
          <section
            aria-labelledby="confirm-email-title"
            className="grid gap-3 rounded-md border border-amber-500/50 bg-amber-500/10 p-4"
          >
            <h3 id="confirm-email-title" className="flex items-center gap-2 font-semibold">
              <MailWarning aria-hidden="true" className="size-5 text-amber-700 dark:text-amber-400" />
              {s.confirmTitle}
            </h3>
            <p className="text-sm">{s.confirmText(application.email)}</p>
            <p className="text-sm text-muted-foreground">{s.confirmHelp}</p>
            <Form method="post" action="/application?resend" className="justify-self-start">
              <Button type="submit" variant="outline" size="sm" loading={resending}>
                <Send aria-hidden="true" />
                {s.resend}
              </Button>
            </Form>
          </section>
        ) : null}
        <dl className="grid gap-3 text-sm sm:grid-cols-[10rem_1fr]">
          <dt className="text-muted-foreground">{s.statusLabel}</dt>
          <dd>
            <Badge variant={BADGES[application.status]}>{s.labels[application.status]}</Badge>
          </dd>
          <dt className="text-muted-foreground">{s.receipt}</dt>
          <dd className="font-mono font-medium">{application.id.slice(0, 8).toUpperCase()}</dd>
          <dt className="text-muted-foreground">{s.city}</dt>
          <dd className="font-medium">{application.city}</dd>
        </dl>
        <p className="text-sm text-muted-foreground">{s.submittedOn(formatDate(application.submittedAt))}</p>
        <p>{s.details[application.status]}</p>
        {application.status === "approved" ? (
          <Button asChild className="justify-self-start">
            <Link to="/franchisee">{s.partnerSpace}</Link>
          </Button>
        ) : (
          <p className="text-sm text-muted-foreground">{s.contact}</p>
        )}
      </CardContent>
    </Card>
  );
}
