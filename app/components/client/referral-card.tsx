import { Gift } from "lucide-react";
import { useId } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { REFERRAL_DISCOUNT_CENTS, REFERRAL_POINTS } from "~/domain/offers/promo";
import { formatMoney } from "~/lib/format";
import { offersMessages } from "~/lib/messages/offers.fr";

const r = offersMessages.referral;

/** The client's personal referral code and link (ADR 050), with the rules. */
export function ReferralCard({ code, link, uses }: { code: string; link: string; uses: number }) {
  const id = useId();
  return (
    <Card data-testid="referral-card">
      <CardHeader className="flex flex-row items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle as="h2">{r.title}</CardTitle>
          <CardDescription>{r.intro(formatMoney(REFERRAL_DISCOUNT_CENTS), REFERRAL_POINTS)}</CardDescription>
        </div>
        <Gift aria-hidden="true" className="size-7 shrink-0 text-primary" />
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <div className="grid gap-1">
          <p className="text-muted-foreground">{r.codeLabel}</p>
          <p className="font-mono text-lg font-semibold tracking-wider" data-testid="referral-code">
            {code}
          </p>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-link`}>{r.linkLabel}</Label>
          <Input id={`${id}-link`} readOnly value={link} className="font-mono text-xs" />
        </div>
        <p className="text-muted-foreground">{r.rules}</p>
        <p>{r.used(uses)}</p>
      </CardContent>
    </Card>
  );
}
