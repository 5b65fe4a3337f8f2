import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import type { ConsentStatus } from "~/domain/messaging/consent";
import { clientMessages } from "~/lib/messages/client.fr";
import { formatDate } from "~/domain/time/format-instant";

const t = clientMessages.account;

function stateText(status: ConsentStatus): string {
  switch (status.state) {
    case "express":
      return t.consentState.express(formatDate(status.since));
    case "implied":
      return t.consentState.implied(formatDate(status.expiresAt));
    case "withdrawn":
      return t.consentState.withdrawn(formatDate(status.since));
    default:
      return t.consentState.none;
  }
}

/**
 * Promotions by e-mail and by SMS (Canada's anti-spam law): each box is ticked only when express
 * consent is in force; never pre-ticked otherwise. Native boxes: the form works before hydration.
 */
export function ConsentForm({
  email,
  sms,
  hasPhone,
}: {
  /** Null while the e-mail is not verified; `sms` null without a verified phone (ADR 043). */
  email: ConsentStatus | null;
  sms: ConsentStatus | null;
  hasPhone: boolean;
}) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "consent";
  return (
    <Form method="post" className="grid gap-3">
      <input type="hidden" name="intent" value="consent" />
      <fieldset className="grid gap-3">
        <legend className="sr-only">{t.consentTitle}</legend>
        <div className="grid gap-1">
          <label className="flex items-start gap-3 text-sm">
            <input
              type="checkbox"
              name="email"
              disabled={email === null}
              defaultChecked={email?.state === "express"}
              className="mt-0.5 size-5 shrink-0 accent-primary"
              aria-describedby="consent-email-state"
            />
            <span>{t.consentEmail}</span>
          </label>
          <p id="consent-email-state" className="pl-8 text-xs text-muted-foreground">
            {email === null ? t.consentEmailNeedsVerifiedEmail : stateText(email)}
          </p>
        </div>
        <div className="grid gap-1">
          <label className="flex items-start gap-3 text-sm">
            <input
              type="checkbox"
              name="sms"
              disabled={sms === null}
              defaultChecked={sms?.state === "express"}
              className="mt-0.5 size-5 shrink-0 accent-primary"
              aria-describedby="consent-sms-state"
            />
            <span>{t.consentSms}</span>
          </label>
          <p id="consent-sms-state" className="pl-8 text-xs text-muted-foreground">
            {sms !== null
              ? stateText(sms)
              : hasPhone
                ? t.consentSmsNeedsVerifiedPhone
                : t.consentSmsNeedsPhone}
          </p>
        </div>
      </fieldset>
      <Button
        type="submit"
        variant="outline"
        loading={saving}
        disabled={email === null && sms === null}
        className="justify-self-start"
      >
        {t.consentSave}
      </Button>
    </Form>
  );
}
