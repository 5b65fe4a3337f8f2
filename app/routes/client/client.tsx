import { CalendarPlus, Download, History, Sparkles } from "lucide-react";
import { formatMoney } from "~/lib/format";
import { shopMessages } from "~/lib/messages/shop.fr";
import { listMyShopOrders } from "~/server/services/shop/shop-orders.server";
import { vehiclesMessages } from "~/lib/messages/vehicles.fr";
import { useEffect } from "react";
import { Link, useNavigation } from "react-router";
import { Section } from "~/components/client/client-section";
import { AchievementsList } from "~/components/client/achievements-list";
import {
  ChangePasswordDialog,
  DeleteAccountDialog,
  EditProfileDialog,
} from "~/components/client/account-forms";
import { AppointmentList } from "~/components/client/appointment-list";
import { ConsentForm } from "~/components/client/consent-form";
import { PhoneVerification } from "~/components/client/phone-verification";
import { LoyaltyCard } from "~/components/client/loyalty-card";
import { PointsHistory } from "~/components/client/points-history";
import { RedemptionList, RewardsShop } from "~/components/client/rewards-shop";
import { StartBookingLink } from "~/components/layout/start-booking-link";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { Separator } from "~/components/ui/separator";
import { toast } from "~/components/ui/toast";
import { originFrom, seoMeta } from "~/lib/seo";
import { requireRole } from "~/server/http/require-role.server";
import { getDb } from "~/server/db.server";
import { getClientSpace } from "~/server/services/account/get-client-space.server";
import { ensureReferralCode } from "~/server/services/offers/referrals.server";
import { bookingUrl } from "~/server/services/offers/winback.server";
import { ReferralCard } from "~/components/client/referral-card";
import { handleClientIntent } from "./client-actions.server";
import type { Route } from "./+types/client";
import { clientMessages } from "~/lib/messages/client.fr";

const t = clientMessages;

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: t.title,
    description: t.description,
    path: "/client",
    origin: originFrom(matches),
    noindex: true,
  });

/** Clients only (docs/product.md, section 6); everything shown belongs to the signed-in client. */
export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireRole({ request, url }, ["client"]);
  const db = getDb();
  const [space, referral, shopOrders] = await Promise.all([
    getClientSpace(db, { userId: user.id }),
    ensureReferralCode(db, user.id),
    listMyShopOrders(db, user.id),
  ]);
  return { ...space, referral: { ...referral, link: bookingUrl(referral.code) }, shopOrders };
}

/** The forms of the page, one handler per intent (client-actions.server.ts); clients only. */
export async function action({ request, url }: Route.ActionArgs) {
  const user = await requireRole({ request, url }, ["client"]);
  const formData = await request.formData();
  return handleClientIntent({ request, formData, userId: user.id, db: getDb() });
}

export default function ClientSpacePage({ loaderData, actionData }: Route.ComponentProps) {
  const { account, loyalty, appointments, consent, referral, shopOrders } = loaderData;
  const navigation = useNavigation();
  const exchangeError = actionData?.intent === "exchange" && !actionData.ok ? actionData.message : null;
  useEffect(() => {
    if (exchangeError) toast({ title: t.rewards.error, description: exchangeError, variant: "destructive" });
  }, [exchangeError, actionData]);
  const idle = navigation.state === "idle";
  const phoneAction =
    actionData &&
    (actionData.intent === "phone-send" || actionData.intent === "phone-confirm") &&
    !actionData.ok
      ? (actionData as { message: string; code?: string })
      : null;

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8 sm:py-12">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{t.title}</h1>
          <p className="mt-1 text-muted-foreground">{t.greeting(account.firstName)}</p>
        </div>
        <Button asChild size="lg" className="self-start sm:self-auto">
          <StartBookingLink>
            <CalendarPlus aria-hidden="true" />
            {t.bookNow}
          </StartBookingLink>
        </Button>
      </header>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="grid content-start gap-6 lg:col-span-2">
          <LoyaltyCard profile={loyalty.profile} />

          <dl aria-label={t.stats.label} className="grid grid-cols-2 gap-4">
            <div className="rounded-lg border bg-card p-4">
              <dt className="text-sm text-muted-foreground">{t.stats.history}</dt>
              <dd className="text-xl font-bold" data-testid="history-count">
                {t.stats.historyCount(appointments.total)}
              </dd>
            </div>
            <div className="rounded-lg border bg-card p-4">
              <dt className="text-sm text-muted-foreground">{t.stats.rewards}</dt>
              <dd className="text-xl font-bold" data-testid="rewards-count">
                {t.stats.rewardsCount(loyalty.redemptionCount)}
              </dd>
            </div>
          </dl>

          <Section
            id="mes-rendez-vous"
            title={t.appointments.title}
            footer={
              <Button asChild variant="outline" size="sm">
                <Link to="/client/history">
                  <History aria-hidden="true" />
                  {t.appointments.fullHistory}
                </Link>
              </Button>
            }
          >
            {appointments.total === 0 ? (
              <div className="grid justify-items-start gap-2">
                <p className="font-medium">{t.appointments.empty}</p>
                <p className="text-sm text-muted-foreground">{t.appointments.emptyText}</p>
              </div>
            ) : (
              <div className="grid gap-6">
                <div className="grid gap-3">
                  <h3 className="font-semibold">{t.appointments.upcoming}</h3>
                  <AppointmentList items={appointments.upcoming} empty={t.appointments.emptyUpcoming} />
                </div>
                <div className="grid gap-3">
                  <h3 className="font-semibold">{t.appointments.past}</h3>
                  <AppointmentList items={appointments.past} empty={t.appointments.emptyPast} />
                </div>
              </div>
            )}
          </Section>

          <Section id="boutique" title={t.rewards.title} description={t.rewards.description}>
            <div className="grid gap-6">
              {exchangeError && idle ? (
                <Alert variant="destructive">
                  <AlertDescription>{exchangeError}</AlertDescription>
                </Alert>
              ) : null}
              <RewardsShop rewards={loyalty.rewards} points={loyalty.profile.points} />
              <div className="grid gap-3">
                <h3 className="font-semibold">{t.rewards.redemptionsTitle}</h3>
                <RedemptionList items={loyalty.redemptions} />
              </div>
            </div>
          </Section>

          <Section id="historique-des-points" title={t.ledger.title} description={t.ledger.description}>
            <PointsHistory items={loyalty.ledger} />
          </Section>
        </div>

        <div className="grid content-start gap-6">
          <Card className="bg-primary text-primary-foreground">
            <CardHeader>
              <CardTitle as="h2" className="flex items-center gap-2">
                <Sparkles aria-hidden="true" className="size-5" />
                {t.express.title}
              </CardTitle>
              <CardDescription className="text-primary-foreground/90">{t.express.text}</CardDescription>
            </CardHeader>
            <CardFooter>
              <Button asChild variant="secondary">
                <StartBookingLink>{t.express.action}</StartBookingLink>
              </Button>
            </CardFooter>
          </Card>

          <ReferralCard code={referral.code} link={referral.link} uses={referral.uses} />

          <Section
            id="mes-succes"
            title={t.achievements.title}
            description={
              loyalty.achievementCount > 0 ? t.achievements.total(loyalty.achievementCount) : undefined
            }
          >
            <AchievementsList items={loyalty.achievements} />
          </Section>

          <Section id="mon-compte" title={t.account.title}>
            <div className="grid gap-5">
              <dl className="grid gap-2 text-sm">
                <div>
                  <dt className="text-muted-foreground">
                    {t.account.firstName} / {t.account.lastName}
                  </dt>
                  <dd className="font-medium">
                    {account.firstName} {account.lastName}
                  </dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">{t.account.email}</dt>
                  <dd className="font-medium break-all">{account.email}</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">{t.account.phone}</dt>
                  <dd className="grid justify-items-start gap-2 font-medium">
                    <span>{account.phone ?? t.account.noPhone}</span>
                    {account.phone ? (
                      <PhoneVerification
                        verified={account.phoneVerified}
                        pending={account.phoneCodePending}
                        error={phoneAction?.message ?? null}
                        codeTyped={phoneAction?.code}
                      />
                    ) : null}
                  </dd>
                </div>
              </dl>
              <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-1">
                <Button asChild variant="outline">
                  <Link to="/client/vehicles">{vehiclesMessages.link}</Link>
                </Button>
                <Button asChild variant="outline">
                  <Link to="/client/abonnement">Mon abonnement</Link>
                </Button>
                <Button asChild variant="outline">
                  <Link to="/client/payment-methods">{t.account.managePayment}</Link>
                </Button>
                <EditProfileDialog
                  defaults={{
                    firstName: account.firstName,
                    lastName: account.lastName,
                    phone: account.phone,
                  }}
                />
                <Button asChild variant="outline">
                  <Link to="/client/history">{t.account.fullHistory}</Link>
                </Button>
                <ChangePasswordDialog />
              </div>
              {shopOrders.length > 0 ? (
                <div className="grid gap-2" data-testid="client-shop-orders">
                  <h3 className="text-sm font-semibold">{shopMessages.order.mine}</h3>
                  <ul className="grid gap-1 text-sm">
                    {shopOrders.map((order) => (
                      <li key={order.id} className="flex flex-wrap justify-between gap-2">
                        <Link
                          to={`/boutique/commandes/${order.id}`}
                          className="font-medium text-primary hover:underline"
                        >
                          {order.number}
                        </Link>
                        <span className="text-muted-foreground">
                          {shopMessages.order.statuses[order.status]} · {formatMoney(order.totalCents)}
                        </span>
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
              <Separator />
              <div className="grid gap-2">
                <h3 className="font-semibold">{t.account.consentTitle}</h3>
                <p className="text-sm text-muted-foreground">{t.account.consentDescription}</p>
                <ConsentForm email={consent.email} sms={consent.sms} hasPhone={account.phone !== null} />
              </div>
              <Separator />
              <div className="grid gap-2">
                <h3 className="font-semibold">{t.account.exportTitle}</h3>
                <p className="text-sm text-muted-foreground">{t.account.exportText}</p>
                <Button asChild variant="outline" className="justify-self-start">
                  <a href="/client/data.json" download>
                    <Download aria-hidden="true" />
                    {t.account.export}
                  </a>
                </Button>
              </div>
              <Separator />
              <div className="grid gap-2">
                <h3 className="font-semibold">{t.account.deleteTitle}</h3>
                <p className="text-sm text-muted-foreground">{t.account.deleteText}</p>
                <div>
                  <DeleteAccountDialog />
                </div>
              </div>
            </div>
          </Section>
        </div>
      </div>
    </div>
  );
}
