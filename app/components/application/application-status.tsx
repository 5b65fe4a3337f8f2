import { CircleCheck, Clock, FileText, XCircle } from "lucide-react";
import { Link } from "react-router";

import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { ApplicationStatus as Status } from "~/domain/applications/schemas";
import { applicationMessages } from "~/lib/messages/application.fr";
import { formatDate } from "~/lib/format";

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
  application: { id: string; status: Status; city: string; submittedAt: string };
}) {
  const Icon = ICONS[application.status];
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
