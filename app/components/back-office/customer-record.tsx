import { ArrowLeft, Star } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { ContactLinks } from "~/components/back-office/contact-links";
import { Badge } from "~/components/ui/badge";
import type { ConsentStatus } from "~/domain/messaging/consent";
import { formatMoney } from "~/lib/format";
import { formatDate, formatDateTime } from "~/domain/time/format-instant";
import { customersMessages } from "~/lib/messages/customers.fr";
import { franchiseeMessages } from "~/lib/messages/franchisee.fr";
import { formatPhone } from "~/lib/phone";
import type { CustomerNoteActionData, CustomerRecord } from "~/domain/customers/record";
import { CustomerNotes } from "./customer-note-list";

const t = customersMessages;
const statusText = franchiseeMessages.schedule.status;
const STATUS_VARIANT = {
  scheduled: "default",
  completed: "success",
  cancelled: "destructive",
  no_show: "secondary",
} as const;

/** The record as it reaches the page (dates may be strings after serialization). */
type Serialized<T> = T extends Date
  ? Date | string
  : T extends (infer U)[]
    ? Serialized<U>[]
    : T extends object
      ? { [K in keyof T]: Serialized<T[K]> }
      : T;

function consentText(status: Serialized<ConsentStatus>): string {
  switch (status.state) {
    case "express":
      return t.consentState.express(formatDate(status.since, "long"));
    case "implied":
      return t.consentState.implied(formatDate(status.expiresAt, "long"));
    case "withdrawn":
      return t.consentState.withdrawn(formatDate(status.since, "long"));
    default:
      return t.consentState.none;
  }
}

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="grid gap-1 rounded-lg border p-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-xl font-semibold tabular-nums" title={hint}>
        {value}
      </dd>
    </div>
  );
}

/**
 * One customer's record for the franchisee and the admin (issue 33, item 11; ADR 096): contact
 * in one tap, figures, vehicles, consent, bookings, reviews, and the private notes the crew reads.
 */
export function CustomerRecordView({
  record,
  newNoteId,
  actionData,
  backPath,
  backLabel,
  bookingsPath,
  admin = false,
}: {
  record: Serialized<CustomerRecord>;
  newNoteId: string;
  actionData: CustomerNoteActionData | undefined;
  backPath: string;
  backLabel: string;
  bookingsPath: string;
  admin?: boolean;
}) {
  const id = useId();
  return (
    <div className="grid gap-6">
      <Link
        to={backPath}
        className="inline-flex w-fit items-center gap-2 text-sm font-medium text-primary hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {backLabel}
      </Link>
      <header className="grid gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{record.name}</h1>
          <Badge variant={record.account ? "default" : "secondary"}>
            {record.account ? t.account : t.noAccount}
          </Badge>
        </div>
        <ContactLinks name={record.name} phone={record.phone} email={record.email} address={record.address} />
      </header>

      <section aria-labelledby={`${id}-figures`} className="grid gap-3">
        <h2 id={`${id}-figures`} className="sr-only">
          {t.figures}
        </h2>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Figure label={t.washes} value={String(record.totals.washes)} />
          <Figure label={t.paid} value={formatMoney(record.totals.paidCents)} hint={t.paidHint} />
          <Figure label={t.completedValue} value={formatMoney(record.totals.completedValueCents)} />
          <Figure label={t.points} value={record.points === null ? t.noPoints : String(record.points)} />
        </dl>
        <p className="text-xs text-muted-foreground">{t.paidHint}</p>
      </section>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid content-start gap-6">
          <CustomerNotes
            id={id}
            notes={record.notes}
            newNoteId={newNoteId}
            actionData={actionData}
            admin={admin}
          />

          <section aria-labelledby={`${id}-bookings`} className="grid gap-3">
            <h2 id={`${id}-bookings`} className="text-lg font-semibold">
              {t.bookings}
            </h2>
            {record.bookings.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t.noBookings}</p>
            ) : (
              <ul className="grid gap-2">
                {record.bookings.map((b) => (
                  <li key={b.id}>
                    <Link
                      to={`${bookingsPath}/${b.bookingId}`}
                      className="grid gap-1 rounded-lg border p-3 hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring sm:grid-cols-[1fr_auto] sm:items-center"
                    >
                      <span className="grid gap-0.5">
                        <span className="font-medium first-letter:uppercase">
                          {formatDateTime(b.startAt, "medium")}
                        </span>
                        <span className="text-sm text-muted-foreground">
                          {b.serviceName} · <span className="font-mono">{b.bookingId}</span>
                          {admin ? ` · ${b.franchiseName}` : null}
                        </span>
                      </span>
                      <span className="flex items-center gap-2 sm:justify-end">
                        <Badge variant={STATUS_VARIANT[b.status]}>{statusText[b.status]}</Badge>
                        <span className="tabular-nums">{formatMoney(b.priceCents)}</span>
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section aria-labelledby={`${id}-reviews`} className="grid gap-3">
            <h2 id={`${id}-reviews`} className="text-lg font-semibold">
              {t.reviews}
            </h2>
            {record.reviews.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t.noReviews}</p>
            ) : (
              <ul className="grid gap-2">
                {record.reviews.map((r) => (
                  <li key={r.bookingId} className="grid gap-1 rounded-lg border p-3">
                    <p className="flex flex-wrap items-center gap-2 text-sm">
                      <span
                        className="inline-flex items-center gap-1 font-medium"
                        aria-label={t.stars(r.rating)}
                      >
                        <Star aria-hidden="true" className="size-4 fill-current text-amber-500" />
                        {r.rating}/5
                      </span>
                      <span className="text-muted-foreground">{formatDate(r.createdAt, "medium")}</span>
                      <span className="font-mono text-muted-foreground">{r.bookingId}</span>
                      {r.hidden ? <Badge variant="secondary">{t.hiddenReview}</Badge> : null}
                    </p>
                    {r.comment ? <p className="text-sm break-words">{r.comment}</p> : null}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>

        <div className="grid content-start gap-6">
          <section aria-labelledby={`${id}-contact`} className="grid gap-3 rounded-lg border p-4">
            <h2 id={`${id}-contact`} className="text-lg font-semibold">
              {t.contact}
            </h2>
            <dl className="grid gap-2 text-sm">
              <div>
                <dt className="text-muted-foreground">{t.email}</dt>
                <dd className="break-all">
                  <a href={`mailto:${record.email}`} className="text-primary hover:underline">
                    {record.email}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground">{t.phone}</dt>
                <dd>{formatPhone(record.phone) || "—"}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">{t.address}</dt>
                <dd className="break-words">{record.address}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">{t.account}</dt>
                <dd>
                  {record.account ? t.accountSince(formatDate(record.account.since, "long")) : t.noAccount}
                </dd>
              </div>
            </dl>
          </section>

          <section aria-labelledby={`${id}-vehicles`} className="grid gap-3 rounded-lg border p-4">
            <h2 id={`${id}-vehicles`} className="text-lg font-semibold">
              {t.vehicles}
            </h2>
            {record.vehicles.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t.noVehicles}</p>
            ) : (
              <ul className="grid gap-1 text-sm">
                {record.vehicles.map((v) => (
                  <li key={v.id}>
                    <span className="font-medium">{v.label}</span>
                    <span className="text-muted-foreground">
                      {" "}
                      · {v.sizeClassName}
                      {v.plate ? ` · ${t.plate(v.plate)}` : null}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section aria-labelledby={`${id}-consent`} className="grid gap-3 rounded-lg border p-4">
            <h2 id={`${id}-consent`} className="text-lg font-semibold">
              {t.consent}
            </h2>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted-foreground">{t.consentEmail}</dt>
              <dd data-testid="consent-email">{consentText(record.consent.email)}</dd>
              <dt className="text-muted-foreground">{t.consentSms}</dt>
              <dd data-testid="consent-sms">{consentText(record.consent.sms)}</dd>
            </dl>
          </section>
        </div>
      </div>
    </div>
  );
}
