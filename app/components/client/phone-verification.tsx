import { BadgeCheck, ShieldAlert } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { PHONE_CODE_LENGTH } from "~/domain/account/phone-verification";
import { clientMessages } from "~/lib/messages/client.fr";

const t = clientMessages.phoneVerification;

/**
 * The phone's verification state, the 'Vérifier' button (an SMS code is sent) and, once a code
 * is pending, the field to type it (ADR 043). Plain forms: it works before hydration.
 */
export function PhoneVerification({
  verified,
  pending,
  error,
  codeTyped,
}: {
  verified: boolean;
  pending: boolean;
  /** The server's refusal of the last send or confirm, if any. */
  error: string | null;
  codeTyped?: string;
}) {
  const navigation = useNavigation();
  const busy = (intent: string) =>
    navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  if (verified) {
    return (
      <Badge variant="success" data-testid="phone-verified">
        <BadgeCheck aria-hidden="true" />
        {t.verified}
      </Badge>
    );
  }
  return (
    <div className="grid gap-3" data-testid="phone-verification">
      <Badge variant="outline">
        <ShieldAlert aria-hidden="true" />
        {t.unverified}
      </Badge>
      <p className="text-sm text-muted-foreground">{t.explain}</p>
      {error ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      ) : null}
      {pending ? (
        <Form method="post" className="grid gap-2" aria-label={t.confirm}>
          <input type="hidden" name="intent" value="phone-confirm" />
          <label htmlFor="phone-code" className="text-sm font-medium">
            {t.codeLabel}
          </label>
          <div className="flex flex-wrap gap-2">
            <Input
              id="phone-code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9 \-]*"
              maxLength={PHONE_CODE_LENGTH + 4}
              required
              defaultValue={codeTyped}
              aria-describedby="phone-code-hint"
              aria-invalid={error ? true : undefined}
              className="w-36 tracking-widest"
            />
            <Button type="submit" loading={busy("phone-confirm")}>
              {t.confirm}
            </Button>
          </div>
          <p id="phone-code-hint" className="text-xs text-muted-foreground">
            {t.codeHint}
          </p>
        </Form>
      ) : null}
      <Form method="post">
        <input type="hidden" name="intent" value="phone-send" />
        <Button
          type="submit"
          variant={pending ? "link" : "outline"}
          size="sm"
          loading={busy("phone-send")}
          className={pending ? "h-auto px-0" : undefined}
        >
          {pending ? t.resend : t.send}
        </Button>
      </Form>
    </div>
  );
}
