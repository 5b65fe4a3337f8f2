import { formatDate, formatDateTime } from "~/domain/time/format-instant";
import { Badge } from "~/components/ui/badge";
import { formatPhone } from "~/lib/phone";
import { adminMessages } from "~/lib/messages/admin.fr";

const t = adminMessages.applications;

type When = Date | string;

/** The fields of an application these views show (the loaders send the whole row). */
export interface Application {
  email: string;
  emailVerifiedAt: When | null;
  phone: string;
  phoneCountryCode: string;
  city: string;
  hasDriversLicense: boolean;
  vehicleInfo: string;
  availabilityHours: string;
  serviceRadius: "less_20km" | "20-40km" | "more_40km";
  backgroundCheckConsent: boolean;
  hasFunds: boolean;
  availableFunds: string | null;
  comfortableIndependence: boolean;
  referenceFirstName: string | null;
  referenceLastName: string | null;
  referencePhone: string | null;
  signatureUrl: string;
  /** The candidate's photo (ADR 076), admin-only; null without one or once removed. */
  photoUrl: string | null;
  status: "submitted" | "reviewing" | "approved" | "rejected";
  signatureSha256: string | null;
  answersSha256: string | null;
  signedAt: When | null;
  signerIp: string | null;
  signerUserAgent: string | null;
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="[overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/**
 * The candidate's photo (ADR 076), from the admin-only path; the whole image opens in a new tab.
 * A refused application's photo is gone (removed at refusal), and the page says so.
 */
export function Photo({ application: a, name }: { application: Application; name: string }) {
  return (
    <section aria-labelledby="photo-title" className="grid content-start gap-3 rounded-lg border p-4">
      <h2 id="photo-title" className="font-semibold">
        {t.photo}
      </h2>
      {a.photoUrl ? (
        <>
          <a href={a.photoUrl} target="_blank" rel="noreferrer" className="justify-self-start">
            <img
              src={a.photoUrl}
              alt={t.photoAlt(name)}
              loading="lazy"
              className="max-h-80 w-auto max-w-full rounded border object-contain"
            />
          </a>
          <p className="text-xs text-muted-foreground">{t.photoPrivate}</p>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">
          {a.status === "rejected" ? t.photoRemoved : t.photoNone}
        </p>
      )}
    </section>
  );
}

/** The candidate's answers, as sent from /application. */
export function Answers({ application: a }: { application: Application }) {
  const yesNo = (value: boolean) => (value ? t.yes : t.no);
  const reference = [a.referenceFirstName, a.referenceLastName].filter(Boolean).join(" ");
  return (
    <section aria-labelledby="answers-title" className="grid content-start gap-3 rounded-lg border p-4">
      <h2 id="answers-title" className="font-semibold">
        {t.answers}
      </h2>
      <dl className="grid gap-3 sm:grid-cols-2">
        <Row label={t.fields.email}>
          <a href={`mailto:${a.email}`} className="text-primary hover:underline">
            {a.email}
          </a>
          <Badge
            variant={a.emailVerifiedAt ? "success" : "outline"}
            className="ml-2 align-middle"
            data-testid="application-email-state"
          >
            {a.emailVerifiedAt ? t.emailVerified(formatDate(a.emailVerifiedAt)) : t.emailUnverified}
          </Badge>
        </Row>
        <Row label={t.fields.phone}>{formatPhone(`+${a.phoneCountryCode}${a.phone}`)}</Row>
        <Row label={t.fields.city}>{a.city}</Row>
        <Row label={t.fields.license}>{yesNo(a.hasDriversLicense)}</Row>
        <Row label={t.fields.vehicle}>{a.vehicleInfo}</Row>
        <Row label={t.fields.availability}>{a.availabilityHours}</Row>
        <Row label={t.fields.radius}>{t.radius[a.serviceRadius]}</Row>
        <Row label={t.fields.backgroundCheck}>{yesNo(a.backgroundCheckConsent)}</Row>
        <Row label={t.fields.hasFunds}>{yesNo(a.hasFunds)}</Row>
        {a.availableFunds ? <Row label={t.fields.availableFunds}>{a.availableFunds}</Row> : null}
        <Row label={t.fields.independence}>{yesNo(a.comfortableIndependence)}</Row>
        <Row label={t.fields.reference}>
          {reference
            ? `${reference}${a.referencePhone ? ` · ${a.referencePhone}` : ""}`
            : t.fields.noReference}
        </Row>
      </dl>
    </section>
  );
}

/**
 * The signature (drawn, or the typed name drawn on the server: one PNG either way) served by the
 * admin-only /files/signatures route, and its integrity record.
 */
export function Signature({ application: a, name }: { application: Application; name: string }) {
  const hash = (value: string | null) =>
    value ? <code className="font-mono text-xs break-all">{value}</code> : t.missing;
  return (
    <section aria-labelledby="signature-title" className="grid content-start gap-3 rounded-lg border p-4">
      <h2 id="signature-title" className="font-semibold">
        {t.signature}
      </h2>
      <img
        src={a.signatureUrl}
        alt={t.signatureAlt(name)}
        width={600}
        height={200}
        loading="lazy"
        className="h-auto w-full max-w-xl rounded border bg-white"
      />
      <div className="grid gap-2">
        <h3 className="text-sm font-semibold">{t.audit}</h3>
        <p className="text-xs text-muted-foreground">{t.auditText}</p>
        <dl className="grid gap-2" data-testid="signature-audit">
          <Row label={t.signedAt}>{a.signedAt ? formatDateTime(a.signedAt, "medium") : t.missing}</Row>
          <Row label={t.ip}>{a.signerIp ?? t.missing}</Row>
          <Row label={t.userAgent}>{a.signerUserAgent ?? t.missing}</Row>
          <Row label={t.signatureHash}>{hash(a.signatureSha256)}</Row>
          <Row label={t.answersHash}>{hash(a.answersSha256)}</Row>
        </dl>
      </div>
    </section>
  );
}
