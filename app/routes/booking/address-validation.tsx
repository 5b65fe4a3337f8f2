import { useState, type FormEvent } from "react";
import { data, useActionData } from "react-router";

import { CheckMessage } from "~/components/booking/service-area-parts";
import { WaitlistForm } from "~/components/booking/waitlist-form";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { parsePostalCode } from "~/domain/geo/postal-code";
import { messages } from "~/lib/messages.fr";
import { serviceAreaMessages } from "~/lib/messages/service-area.fr";
import { originFrom, seoMeta } from "~/lib/seo";
import { getDb } from "~/server/db.server";
import { hitRateLimit } from "~/server/rate-limit.server";
import { validatePostalCode, type PostalCodeAnswer } from "~/server/services/zones/check-service-area.server";
import type { Route } from "./+types/address-validation";
import { log } from "~/server/log.server";
import { requestInfo } from "~/server/request-info.server";

const t = serviceAreaMessages.postal;

/** The same budget as POST /api/validate-postal-code, whose key it shares. */
const RATE_LIMIT = { max: 30, windowSeconds: 60 };

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: t.title,
    description: t.description,
    path: "/address-validation",
    origin: originFrom(matches),
  });

/** The form posted before JavaScript runs: the same validation as the JSON endpoint. */
export async function action({ request, context }: Route.ActionArgs) {
  const postalCode = String((await request.formData()).get("postalCode") ?? "");
  if (!postalCode.trim()) {
    return data({ success: false, data: false, message: t.empty } satisfies PostalCodeAnswer, {
      status: 400,
    });
  }
  try {
    const db = getDb();
    const limit = await hitRateLimit(db, `validate-postal-code:${requestInfo(context).ip}`, RATE_LIMIT);
    if (!limit.allowed) {
      return data(
        { success: false, data: false, message: messages.errors.rateLimited } satisfies PostalCodeAnswer,
        { status: 429 },
      );
    }
    // The code as typed comes back to pre-fill the waiting-list form of a 'not served' answer.
    return { ...(await validatePostalCode(db, { postalCode })), typed: postalCode.slice(0, 20) };
  } catch (error) {
    log.error("postal code not validated", { err: error });
    return data({ success: false, data: false, message: t.error } satisfies PostalCodeAnswer, {
      status: 500,
    });
  }
}

interface Outcome {
  valid: boolean;
  message: string;
  /** Not served yet: the waiting list is offered, pre-filled with the code typed (ADR 046). */
  waitlistCode?: string | null;
}

/** POST /api/validate-postal-code; a failed call or an unreadable answer gives the error text. */
async function requestValidation(postalCode: string): Promise<Outcome> {
  try {
    const response = await fetch("/api/validate-postal-code", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ postalCode }),
    });
    const body = (await response.json()) as Partial<PostalCodeAnswer>;
    if (typeof body.message !== "string") throw new Error(`unexpected answer (${response.status})`);
    return {
      valid: body.success === true && body.data === true,
      message: body.message,
      waitlistCode: body.canJoinWaitlist === true ? (parsePostalCode(postalCode) ?? "") : null,
    };
  } catch (error) {
    console.error("postal code validation failed", error);
    return { valid: false, message: t.error };
  }
}

export default function AddressValidationPage() {
  const actionData = useActionData<typeof action>();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [pending, setPending] = useState(false);

  const shown =
    outcome ??
    (actionData
      ? {
          valid: actionData.success && actionData.data,
          message: actionData.message,
          waitlistCode:
            "typed" in actionData && actionData.canJoinWaitlist === true
              ? (parsePostalCode(actionData.typed) ?? "")
              : null,
        }
      : null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const postalCode = String(new FormData(event.currentTarget).get("postalCode") ?? "").trim();
    if (!postalCode) {
      setOutcome({ valid: false, message: t.empty });
      return;
    }
    setPending(true);
    setOutcome(await requestValidation(postalCode));
    setPending(false);
  }

  return (
    <section className="mx-auto grid w-full max-w-md gap-6 px-4 py-10 sm:py-16">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold tracking-tight">{t.title}</h1>
          <CardDescription>{t.description}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <form method="post" onSubmit={submit} className="grid gap-3" noValidate>
            <Field label={t.label}>
              <Input
                name="postalCode"
                placeholder={t.placeholder}
                autoComplete="postal-code"
                autoCapitalize="characters"
                maxLength={100}
              />
            </Field>
            <Button type="submit" loading={pending}>
              {pending ? t.validating : t.submit}
            </Button>
          </form>
          <div role="status" aria-live="polite" aria-atomic="true">
            {shown ? <CheckMessage valid={shown.valid}>{shown.message}</CheckMessage> : null}
          </div>
          {typeof shown?.waitlistCode === "string" ? (
            <WaitlistForm key={shown.waitlistCode} defaultPostalCode={shown.waitlistCode} />
          ) : null}
        </CardContent>
      </Card>
    </section>
  );
}
