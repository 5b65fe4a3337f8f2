import { CalendarCheck, CalendarPlus, LoaderCircle, Mail } from "lucide-react";
import { RecurringOffer } from "~/components/booking/manage/recurring-offer";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { z } from "~/lib/zod-fr";

import { bookingDay, bookingTime, googleCalendarUrl } from "~/components/booking/booking-time";
import { tokenOf, useAppointmentLookup } from "~/components/booking/success/appointment-lookup";
import { BookingDetails, serviceAddressOf } from "~/components/booking/success/booked-summary";
import { ExtrasOffer } from "~/components/booking/success/extras-offer";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { newWizardVisitId } from "~/lib/wizard-visit-id";
import { BUSINESS } from "~/lib/business";
import { formatMoney } from "~/lib/format";
import { bookingSuccessMessages } from "~/lib/messages/booking-success.fr";
import { originFrom, seoMeta } from "~/lib/seo";
import { getDb } from "~/server/db.server";
import { listUpsellOptions } from "~/server/services/catalog/list-upsell-options.server";
import { upsellPhotos } from "~/server/services/gallery/placements.server";
import { bookingPayment } from "~/server/services/payments/booking-payment.server";
import { bookingPaymentMessages } from "~/lib/messages/booking-payment.fr";
import { giftCardMessages } from "~/lib/messages/gift-cards.fr";
import { giftCardUseOfBooking } from "~/server/services/giftcards/gift-card-redemption.server";
import type { Route } from "./+types/success";

const t = bookingSuccessMessages;

export const meta: Route.MetaFunction = ({ matches, params }) =>
  seoMeta({
    title: t.title,
    description: t.description,
    path: `/booking-success/${params.bookingId}`,
    origin: originFrom(matches),
    noindex: true,
  });

/**
 * The active extras, and the card step's outcome in a zone that takes cards (ADR 074: amounts
 * and state only); the appointment itself is polled from the browser (it may not exist yet).
 */
export async function loader({ params }: Route.LoaderArgs) {
  const db = getDb();
  const [upsells, payment, giftCard, photos] = await Promise.all([
    listUpsellOptions(db),
    bookingPayment(db, params.bookingId),
    giftCardUseOfBooking(db, params.bookingId),
    upsellPhotos(db),
  ]);
  return {
    /** Each extra with the photo the admin chose for its card (ADR 106), or its drawn image. */
    upsells: upsells.map((upsell) => ({ ...upsell, photo: photos.get(upsell.id) ?? null })),
    giftCard,
    payment:
      payment.state === "secured"
        ? {
            paidCents: payment.paidCents,
            laterCents: payment.terms.later.totalCents,
            cardKept: payment.terms.mode === "card_kept",
          }
        : null,
  };
}

/** What the wizard leaves in the router state (all optional: an embedded form may lead here too). */
const SuccessStateSchema = z.object({
  cars: z.number().int().optional(),
  citySlug: z.string().optional(),
  manageUrl: z.url().optional(),
});

/**
 * The confirmation that shows the booking (ADR 044): 'Vous êtes réservé', its number, date and
 * time, address, cars, extras and total with taxes, 'Ajouter à mon agenda' (.ics and Google
 * Calendar), the manage link and what happens next; below it, the spec's offer of extras, which
 * updates the booking (with the manage token) and sends an updated confirmation.
 */
export default function BookingSuccessPage({ loaderData, params }: Route.ComponentProps) {
  const { bookingId } = params;
  const location = useLocation();
  const routerState = SuccessStateSchema.safeParse(location.state ?? {});
  const { citySlug, manageUrl } = routerState.success ? routerState.data : {};
  const token = tokenOf(manageUrl);
  const heading = useRef<HTMLHeadingElement>(null);
  const [nextBookingId] = useState(newWizardVisitId);
  const [version, setVersion] = useState(0);

  const lookup = useAppointmentLookup(bookingId, token, version);

  const appointment = lookup.state === "found" ? lookup.appointment : null;

  useEffect(() => {
    window.scrollTo({ top: 0 });
    heading.current?.focus();
  }, []);

  const when = appointment ? `${bookingDay(appointment.start)} à ${bookingTime(appointment.start)}` : null;
  const address = appointment?.customer
    ? serviceAddressOf(appointment.customer.address, appointment.customer.postalCode)
    : undefined;

  return (
    <section className="mx-auto grid w-full max-w-3xl gap-8 px-4 py-10 sm:py-14">
      <header className="grid justify-items-center gap-3 text-center">
        <span className="grid size-14 place-items-center rounded-full bg-success/15 text-success">
          <CalendarCheck aria-hidden="true" className="size-7" />
        </span>
        <p className="text-sm font-semibold text-success">{t.confirmedTitle}</p>
        <h1
          ref={heading}
          tabIndex={-1}
          className="text-3xl font-bold tracking-tight outline-none sm:text-4xl"
        >
          {t.bookedTitle}
        </h1>
        <p className="text-sm font-medium text-muted-foreground">{t.bookingNumber(bookingId)}</p>
        {when ? <p className="text-lg">{t.bookedLead(when)}</p> : null}
        {appointment?.customer ? (
          <p className="text-sm text-muted-foreground">{t.emailSent(appointment.customer.email)}</p>
        ) : null}
      </header>

      <p role="status" className="sr-only">
        {lookup.state === "searching" ? t.searching : lookup.state === "notFound" ? t.notFound : ""}
      </p>

      {lookup.state === "notFound" ? (
        <Alert variant="destructive">
          <AlertTitle>{t.notFound}</AlertTitle>
          <AlertDescription>
            {t.notFoundText}{" "}
            <a
              className="font-medium text-primary underline underline-offset-4"
              href={`mailto:${BUSINESS.email}`}
            >
              {BUSINESS.email}
            </a>
          </AlertDescription>
        </Alert>
      ) : null}

      {loaderData.giftCard ? (
        <Alert data-testid="success-gift-card">
          <AlertTitle>{giftCardMessages.booking.appliedTitle}</AlertTitle>
          <AlertDescription className="text-foreground">
            {giftCardMessages.booking.applied(
              formatMoney(loaderData.giftCard.usedCents),
              formatMoney(loaderData.giftCard.remainingCents),
            )}
          </AlertDescription>
        </Alert>
      ) : null}

      {loaderData.payment ? (
        <Alert data-testid="success-payment">
          <AlertTitle>{bookingPaymentMessages.paymentTitle}</AlertTitle>
          <AlertDescription className="text-foreground">
            <p>
              {loaderData.payment.cardKept
                ? bookingPaymentMessages.cardKept
                : bookingPaymentMessages.paidDeposit(formatMoney(loaderData.payment.paidCents))}
            </p>
            <p>{bookingPaymentMessages.laterCharge(formatMoney(loaderData.payment.laterCents))}</p>
          </AlertDescription>
        </Alert>
      ) : null}

      {appointment ? (
        <BookingDetails
          appointment={appointment}
          address={address}
          paymentText={
            loaderData.payment
              ? `${
                  loaderData.payment.cardKept
                    ? bookingPaymentMessages.cardKept
                    : bookingPaymentMessages.paidDeposit(formatMoney(loaderData.payment.paidCents))
                }. ${bookingPaymentMessages.laterCharge(formatMoney(loaderData.payment.laterCents))}.`
              : undefined
          }
        />
      ) : lookup.state === "searching" ? (
        <Card aria-busy="true">
          <CardContent className="flex items-center gap-3 py-6 text-muted-foreground">
            <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
            {t.searching}
          </CardContent>
        </Card>
      ) : null}

      {appointment && appointment.status === "scheduled" ? (
        <div className="grid gap-3 rounded-lg border p-4 sm:p-6">
          <h2 className="text-lg font-semibold">{t.calendarTitle}</h2>
          <div className="grid gap-3 sm:grid-cols-2">
            {token ? (
              <Button asChild variant="outline">
                <a
                  href={`/api/appointments/${bookingId}/calendar.ics?${new URLSearchParams({ token }).toString()}`}
                  download
                >
                  <CalendarPlus aria-hidden="true" />
                  {t.calendarIcs}
                </a>
              </Button>
            ) : null}
            <Button asChild variant="outline">
              <a
                href={googleCalendarUrl({
                  title: `${BUSINESS.name} : ${appointment.service.name}`,
                  start: appointment.start,
                  end: appointment.end,
                  details: `${t.bookingNumber(bookingId)} · ${t.total} ${formatMoney(appointment.price.totalCents)}`,
                  location: address,
                })}
                target="_blank"
                rel="noopener noreferrer"
              >
                <CalendarPlus aria-hidden="true" />
                {t.calendarGoogle}
              </a>
            </Button>
          </div>
        </div>
      ) : null}

      {manageUrl ? (
        <Alert>
          <AlertDescription className="text-foreground">
            {t.manageText}{" "}
            <a className="font-medium text-primary underline underline-offset-4" href={manageUrl}>
              {t.manageLink}
            </a>
          </AlertDescription>
        </Alert>
      ) : null}
      {manageUrl ? <RecurringOffer manageUrl={manageUrl} /> : null}

      <Card>
        <CardHeader>
          <CardTitle as="h2">{t.nextStepsTitle}</CardTitle>
        </CardHeader>
        <CardContent>
          <ol className="grid gap-4">
            {t.nextSteps.map((step, index) => (
              <li key={step} className="flex gap-3">
                <span
                  aria-hidden="true"
                  className="grid size-7 shrink-0 place-items-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
                >
                  {index + 1}
                </span>
                <span className="pt-0.5">{step}</span>
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>

      {token && appointment?.status === "scheduled" && loaderData.upsells.length > 0 ? (
        <ExtrasOffer
          bookingId={bookingId}
          token={token}
          citySlug={citySlug}
          appointment={appointment}
          options={loaderData.upsells}
          onUpdated={() => setVersion((v) => v + 1)}
        />
      ) : null}

      <p className="flex flex-wrap items-center justify-center gap-2 text-center text-sm text-muted-foreground">
        <Mail aria-hidden="true" className="size-4" />
        {t.questions}
        <a
          className="font-medium text-primary underline underline-offset-4"
          href={`mailto:${BUSINESS.email}`}
        >
          {BUSINESS.email}
        </a>
      </p>

      <div className="grid gap-3 sm:grid-cols-2">
        <Button asChild variant="outline" size="lg">
          <Link to="/">{t.home}</Link>
        </Button>
        <Button asChild size="lg">
          <Link to={`/booking/${nextBookingId}`}>{t.newBooking}</Link>
        </Button>
      </div>

      <p className="text-center text-sm">
        <Link
          className="text-muted-foreground underline underline-offset-4 hover:text-foreground"
          to="/terms"
        >
          {t.terms}
        </Link>
      </p>
    </section>
  );
}
