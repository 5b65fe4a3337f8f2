import { ArrowLeft, Search } from "lucide-react";
import { useId } from "react";
import { Form, Link } from "react-router";
import { PageHeader } from "~/components/admin/page-header";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { type DeskActionData, type DeskBookingData, type DeskRowView } from "~/domain/booking/desk-schemas";
import { formatMoney } from "~/lib/format";
import { formatDateTime, formatTime } from "~/domain/time/format-instant";
import { formatPhone } from "~/lib/phone";
import { ContactLinks } from "./contact-links";
import { franchiseeMessages } from "~/lib/messages/franchisee.fr";
import { backOfficeMessages } from "~/lib/messages/back-office.fr";
import { customersMessages } from "~/lib/messages/customers.fr";
import { JobReport } from "./desk-job-report";
import { DeskChanges } from "./desk-changes";
import { DeskMessagesAndHistory } from "./desk-history";

// The booking desk (ADR 052): the search, and one booking's page; the page's changes, record and
// report are in `desk-changes`, `desk-history` and `desk-job-report`.

const d = backOfficeMessages.desk;
const statusText = franchiseeMessages.schedule.status;
const STATUS_VARIANT = {
  scheduled: "default",
  completed: "success",
  cancelled: "destructive",
  no_show: "secondary",
} as const;

/** The desk's search: one box and a date, results as a list of links (ADR 052). */
export function DeskSearch({
  q,
  date,
  searched,
  rows,
  basePath,
}: {
  q: string;
  date: string;
  searched: boolean;
  rows: DeskRowView[];
  basePath: string;
}) {
  const id = useId();
  return (
    <div className="grid gap-6">
      <PageHeader title={d.title} description={d.description} />
      <Form
        method="get"
        role="search"
        className="grid gap-3 rounded-lg border p-4 sm:grid-cols-[1fr_auto_auto] sm:items-end"
      >
        <Field label={d.searchLabel} id={`${id}-q`}>
          <Input id={`${id}-q`} name="q" type="search" defaultValue={q} maxLength={200} autoComplete="off" />
        </Field>
        <Field label={d.dateLabel} id={`${id}-date`}>
          <Input id={`${id}-date`} name="date" type="date" defaultValue={date} />
        </Field>
        {/* The fields span two rows (label, control; ADR 047): the button sits on the controls' row. */}
        <Button type="submit" className="sm:col-start-3 sm:row-start-2 sm:self-start">
          <Search aria-hidden="true" />
          {d.search}
        </Button>
      </Form>
      {searched ? (
        <section aria-live="polite" className="grid gap-3">
          <p className="text-sm text-muted-foreground">
            {q || date ? d.results(rows.length) : d.needCriteria}
          </p>
          <ul className="grid gap-2">
            {rows.map((row) => (
              <li key={row.bookingId}>
                <Link
                  to={`${basePath}/${row.bookingId}`}
                  className="grid gap-1 rounded-lg border p-4 hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring sm:grid-cols-[auto_1fr_auto] sm:items-center sm:gap-4"
                >
                  <span className="font-mono text-sm font-semibold">{row.bookingId}</span>
                  <span className="min-w-0">
                    <span className="block font-medium">{row.customerName}</span>
                    <span className="block text-sm break-words text-muted-foreground">
                      {formatPhone(row.customerPhone)} · {row.customerEmail}
                    </span>
                    <span className="block text-sm text-muted-foreground first-letter:uppercase">
                      {formatDateTime(row.startAt)} · {row.zoneName}
                    </span>
                  </span>
                  <Badge variant={STATUS_VARIANT[row.status]} className="justify-self-start">
                    {statusText[row.status]}
                  </Badge>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

/** One booking whole, with its messages, its history and the three changes (ADR 052). */
export function DeskBookingView({
  booking,
  day,
  slots,
  actionData,
  basePath,
}: {
  booking: DeskBookingData;
  day: string;
  slots: { start: string; end: string }[];
  actionData: DeskActionData | undefined;
  basePath: string;
}) {
  const id = useId();
  const a = booking.appointment;
  const changeable = a.status === "scheduled";
  const address =
    a.postalCode && !a.address.includes(a.postalCode) ? `${a.address} ${a.postalCode}` : a.address;

  return (
    <div className="grid gap-6">
      <Link
        to={basePath}
        className="inline-flex w-fit items-center gap-2 text-sm font-medium text-primary hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {d.backToSearch}
      </Link>
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          {d.booking} <span className="font-mono">{a.bookingId}</span>
        </h1>
        <Badge variant={STATUS_VARIANT[a.status]}>{statusText[a.status]}</Badge>
      </header>

      <section className="grid gap-4 rounded-lg border p-4" aria-labelledby={`${id}-customer`}>
        <h2 id={`${id}-customer`} className="flex flex-wrap items-baseline gap-x-3 text-lg font-semibold">
          {a.customerName}
          {booking.customerKey ? (
            <Link
              to={`${basePath.replace(/\/bookings$/, "/clients")}/${booking.customerKey}`}
              className="inline-flex min-h-11 items-center text-sm font-medium text-primary hover:underline"
            >
              {customersMessages.openRecord}
            </Link>
          ) : null}
        </h2>
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <Item label={d.when}>
            <span className="first-letter:uppercase" data-testid="desk-when">
              {formatDateTime(a.startAt)} – {formatTime(a.endAt)}
            </span>
          </Item>
          <Item label={d.where}>{address}</Item>
          <Item label={d.customer}>
            {formatPhone(a.customerPhone)} · <span className="break-all">{a.customerEmail}</span>
          </Item>
          <Item label={d.zone}>{booking.zoneName}</Item>
          <Item label={d.service}>{booking.serviceName}</Item>
          <Item label={d.cars}>{a.cars}</Item>
          <Item label={d.extras}>
            {booking.extras.length > 0 ? booking.extras.map((e) => e.name).join(", ") : d.noExtras}
          </Item>
          <Item label={d.price}>{formatMoney(a.priceCents)}</Item>
          <Item label={d.member}>{booking.memberName}</Item>
          {a.notes ? <Item label={d.notes}>{a.notes}</Item> : null}
          {a.cancelReason ? (
            <Item label={franchiseeMessages.schedule.cancelReason}>{a.cancelReason}</Item>
          ) : null}
        </dl>
        <ContactLinks
          name={a.customerName}
          phone={a.customerPhone}
          email={a.customerEmail}
          address={address}
        />
      </section>

      <JobReport report={booking.jobReport} cars={a.cars} />

      {changeable ? (
        <DeskChanges id={id} booking={booking} day={day} slots={slots} actionData={actionData} />
      ) : null}

      <DeskMessagesAndHistory id={id} booking={booking} />
    </div>
  );
}

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}
