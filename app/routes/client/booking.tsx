import { ArrowLeft, Phone } from "lucide-react";
import { data, Link } from "react-router";
import { StatusBadge } from "~/components/client/appointment-list";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { BUSINESS } from "~/lib/business";
import { hasCode } from "~/lib/errors";
import { formatMoney } from "~/lib/format";
import { formatDateTime, formatTime } from "~/domain/time/format-instant";
import { originFrom, seoMeta } from "~/lib/seo";
import { requireRole } from "~/server/http/require-role.server";
import { getDb } from "~/server/db.server";
import { getClientBooking } from "~/server/services/account/get-client-booking.server";
import { RecurringLink } from "~/components/booking/manage/recurring-offer";
import type { Route } from "./+types/booking";
import { clientMessages } from "~/lib/messages/client.fr";

const t = clientMessages;
const b = t.booking;

export const meta: Route.MetaFunction = ({ matches, params }) =>
  seoMeta({
    title: b.title,
    description: t.description,
    path: `/client/bookings/${params.bookingId}`,
    origin: originFrom(matches),
    noindex: true,
  });

/** One booking of the signed-in client; someone else's booking is 'not found' (no token needed, none shown). */
export async function loader({ request, params, url }: Route.LoaderArgs) {
  const user = await requireRole({ request, url }, ["client"]);
  try {
    return { appointment: await getClientBooking(getDb(), { actor: user, bookingId: params.bookingId }) };
  } catch (error) {
    if (hasCode(error, "NOT_FOUND")) {
      throw data(b.notFound, { status: 404 });
    }
    throw error;
  }
}

export default function ClientBookingPage({ loaderData }: Route.ComponentProps) {
  const { appointment: a } = loaderData;
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-8 sm:py-12">
      <div>
        <Button asChild variant="ghost" size="sm" className="-ml-3">
          <Link to="/client">
            <ArrowLeft aria-hidden="true" />
            {b.back}
          </Link>
        </Button>
        <h1 className="mt-2 text-3xl font-bold tracking-tight">{b.title}</h1>
        <p className="mt-1 text-muted-foreground">{t.appointments.bookingNumber(a.bookingId)}</p>
      </div>
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
          <CardTitle as="h2" className="first-letter:uppercase">
            {formatDateTime(a.start)} – {formatTime(a.end)}
          </CardTitle>
          <p className="flex items-center gap-2 text-sm">
            {t.appointments.statusLabel} : <StatusBadge status={a.status} />
          </p>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-3 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6">
            <dt className="text-muted-foreground">{b.service}</dt>
            <dd>{a.service.name}</dd>
            <dt className="text-muted-foreground">{b.carsLabel}</dt>
            <dd>{t.appointments.cars(a.cars)}</dd>
            <dt className="text-muted-foreground">{b.zone}</dt>
            <dd>{a.zone.name}</dd>
            {a.customer ? (
              <>
                <dt className="text-muted-foreground">{b.address}</dt>
                <dd>
                  {a.customer.address}
                  {a.customer.postalCode ? ` ${a.customer.postalCode}` : null}
                </dd>
              </>
            ) : null}
            <dt className="text-muted-foreground">{t.appointments.extras}</dt>
            <dd>
              {a.upsells.length
                ? a.upsells.map((u) => `${u.name} (${formatMoney(u.priceCents)})`).join(", ")
                : t.appointments.noExtras}
            </dd>
          </dl>
          <dl className="mt-6 grid grid-cols-[1fr_auto] gap-2 border-t pt-4 text-sm">
            <dt>{b.subtotal}</dt>
            <dd className="text-right tabular-nums">{formatMoney(a.price.subtotalCents)}</dd>
            <dt>{b.tps}</dt>
            <dd className="text-right tabular-nums">{formatMoney(a.price.tpsCents)}</dd>
            <dt>{b.tvq}</dt>
            <dd className="text-right tabular-nums">{formatMoney(a.price.tvqCents)}</dd>
            <dt className="font-semibold">{b.total}</dt>
            <dd className="text-right font-semibold tabular-nums">{formatMoney(a.price.totalCents)}</dd>
          </dl>
        </CardContent>
      </Card>
      {a.status === "scheduled" ? (
        <Card>
          <CardHeader>
            <CardTitle as="h2">{b.changeTitle}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3 text-sm">
            <p>
              {a.selfServiceChangeAllowed
                ? b.changeText(formatDateTime(a.selfServiceDeadline))
                : b.changeTooLate(BUSINESS.phone)}
            </p>
            <Button asChild variant="outline" className="justify-self-start">
              <a href={`tel:${BUSINESS.phoneHref}`}>
                <Phone aria-hidden="true" />
                {b.call(BUSINESS.phone)}
              </a>
            </Button>
          </CardContent>
        </Card>
      ) : null}
      {a.status === "scheduled" || a.status === "completed" ? (
        <RecurringLink bookingId={a.bookingId} />
      ) : null}
    </div>
  );
}
