import { Check, X } from "lucide-react";
import { useRef } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { ActionButton } from "~/components/admin/confirm-submit";
import { Button } from "~/components/ui/button";
import { useConfirm } from "~/components/ui/confirm-dialog";
import { Field } from "~/components/ui/field";
import { Textarea } from "~/components/ui/textarea";
import { REFUSAL_REASONS, REFUSAL_TEXT_MAX } from "~/domain/admin/schemas";
import type { ApplicationStatus } from "~/domain/admin/transitions";
import { adminMessages } from "~/lib/messages/admin.fr";

const t = adminMessages.applications;
const r = t.refusal;

/** What a decision form gets back on failure: the message, the field errors and what was typed. */
export type DecisionActionData = {
  error?: string;
  intent?: string;
  /** An approval posted unconfirmed (before hydration): the zones it named, to confirm them. */
  confirmZoneIds?: string[];
  fieldErrors?: Record<string, string[]>;
  values?: Record<string, string>;
};

interface Zone {
  id: string;
  zoneName: string;
  franchiseeId: string | null;
}

/**
 * The decisions on one application, as plain forms (they work before hydration, ADR 040): a
 * second look, approval with zones, refusal with a reason (ADR 056). Approved is final.
 */
export function Decisions({
  application,
  zones,
  name,
  actionData,
}: {
  application: { id: string; status: ApplicationStatus; emailVerifiedAt: Date | string | null };
  zones: Zone[];
  name: string;
  actionData: DecisionActionData | undefined;
}) {
  const { status, id } = application;
  if (status === "approved") {
    return <p className="rounded-lg border p-4 text-sm text-muted-foreground">{t.decided}</p>;
  }
  return (
    <section aria-labelledby="decision-title" className="grid content-start gap-4 rounded-lg border p-4">
      <h2 id="decision-title" className="font-semibold">
        {t.decision}
      </h2>
      {status === "submitted" || status === "rejected" ? (
        <ActionButton fields={{ intent: "review", applicationId: id }} variant="outline" size="sm">
          {t.review}
        </ActionButton>
      ) : null}
      {status !== "rejected" ? (
        <>
          <Approval
            application={application}
            zones={zones}
            name={name}
            pending={actionData?.intent === "approve" ? actionData.confirmZoneIds : undefined}
          />
          <Refusal
            id={id}
            name={name}
            actionData={actionData?.intent === "reject" ? actionData : undefined}
          />
        </>
      ) : null}
    </section>
  );
}

function Approval({
  application,
  zones,
  name,
  pending,
}: {
  application: { id: string; emailVerifiedAt: Date | string | null };
  zones: Zone[];
  name: string;
  /** The zones of an approval posted unconfirmed: the form asks to confirm it. */
  pending: string[] | undefined;
}) {
  const navigation = useNavigation();
  const confirm = useConfirm();
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const { id } = application;
  const approving = navigation.state !== "idle" && navigation.formData?.get("intent") === "approve";
  const free = zones.filter((zone) => zone.franchiseeId === null);
  return (
    <Form
      method="post"
      ref={form}
      className="grid gap-3 rounded-md border p-3"
      aria-label={`${t.approveTitle} : ${name}`}
      // Approving is final: once hydrated, it is confirmed first (before, the post goes at once).
      onSubmit={(event) => {
        event.preventDefault();
        const target = form.current;
        if (!target) return;
        const fields = new FormData(target);
        if (fields.get("confirmed") === "1") return void submit(fields, { method: "post" });
        void confirm({
          title: t.approveConfirmTitle(name),
          description: t.approveConfirmText(fields.getAll("zoneIds").length),
          confirmText: t.approve,
          onConfirm: () => {
            fields.set("confirmed", "1");
            return submit(fields, { method: "post" });
          },
        });
      }}
    >
      <input type="hidden" name="intent" value="approve" />
      <input type="hidden" name="applicationId" value={id} />
      <fieldset className="grid gap-2">
        <legend className="font-semibold">{t.zones}</legend>
        <p className="text-xs text-muted-foreground">{t.zonesHelp}</p>
        {free.length === 0 ? <p className="text-sm text-muted-foreground">{t.noFreeZone}</p> : null}
        {free.map((zone) => (
          <label key={zone.id} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="zoneIds"
              value={zone.id}
              defaultChecked={pending?.includes(zone.id)}
              className="size-4 accent-primary"
            />
            {zone.zoneName}
          </label>
        ))}
      </fieldset>
      <p className="text-xs text-muted-foreground">{t.approveText}</p>
      {application.emailVerifiedAt ? null : (
        <p className="text-xs font-medium text-destructive" id={`unverified-${id}`}>
          {t.emailUnverifiedText}
        </p>
      )}
      {pending ? (
        // Posted before the page hydrated: the same question as the dialog, on the page.
        <div role="alert" className="grid gap-2 rounded-md border border-primary/40 bg-primary/5 p-3 text-sm">
          <p className="font-semibold">{t.approveConfirmTitle(name)}</p>
          <p>{t.approveConfirmText(pending.length)}</p>
          <input type="hidden" name="confirmed" value="1" />
        </div>
      ) : null}
      <Button
        type="submit"
        size="sm"
        className="justify-self-start"
        loading={approving}
        disabled={!application.emailVerifiedAt}
        aria-describedby={application.emailVerifiedAt ? undefined : `unverified-${id}`}
      >
        <Check aria-hidden />
        {pending ? t.confirmApprove : t.approve}
      </Button>
    </Form>
  );
}

/** Refusal: one of the usual reasons or 'other', and details (required for 'other'). */
function Refusal({
  id,
  name,
  actionData,
}: {
  id: string;
  name: string;
  actionData: DecisionActionData | undefined;
}) {
  const navigation = useNavigation();
  const refusing = navigation.state !== "idle" && navigation.formData?.get("intent") === "reject";
  const errors = actionData?.fieldErrors ?? {};
  const chosen = actionData?.values?.reasonChoice;
  return (
    <Form
      method="post"
      className="grid gap-3 rounded-md border border-destructive/40 p-3"
      aria-label={`${r.title} : ${name}`}
      // Re-mounted after a failed post, so the typed values come back as defaults.
      key={actionData ? JSON.stringify(actionData.values) : "new"}
    >
      <input type="hidden" name="intent" value="reject" />
      <input type="hidden" name="applicationId" value={id} />
      <p className="text-xs text-muted-foreground">{r.text}</p>
      <fieldset
        className="grid gap-2"
        aria-describedby={errors.reasonChoice ? "refusal-choice-error" : undefined}
        aria-invalid={errors.reasonChoice ? true : undefined}
      >
        <legend className="text-sm font-semibold">{r.choice}</legend>
        {REFUSAL_REASONS.map((reason) => (
          <label key={reason} className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              name="reasonChoice"
              value={reason}
              required
              defaultChecked={chosen === reason}
              className="mt-0.5 size-4 shrink-0 accent-primary"
            />
            {r.choices[reason]}
          </label>
        ))}
        {errors.reasonChoice ? (
          <p id="refusal-choice-error" className="text-sm font-medium text-destructive">
            {errors.reasonChoice[0]}
          </p>
        ) : null}
      </fieldset>
      <Field label={r.details} description={r.detailsHelp} error={errors.reasonText ?? null}>
        <Textarea
          name="reasonText"
          rows={3}
          maxLength={REFUSAL_TEXT_MAX}
          defaultValue={actionData?.values?.reasonText ?? ""}
        />
      </Field>
      <Button type="submit" size="sm" variant="destructive" className="justify-self-start" loading={refusing}>
        <X aria-hidden />
        {r.submit}
      </Button>
    </Form>
  );
}
