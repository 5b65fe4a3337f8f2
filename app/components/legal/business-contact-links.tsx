import { BUSINESS } from "~/lib/business";

/** A mailto link showing the address itself (legal texts cite it verbatim). */
export function MailLink({ email }: { email: string }) {
  return (
    <a href={`mailto:${email}`} translate="no">
      {email}
    </a>
  );
}

/** The business phone as a tel: link that never wraps. */
export function PhoneLink() {
  return (
    <a href={`tel:${BUSINESS.phoneHref}`} className="whitespace-nowrap">
      {BUSINESS.phone}
    </a>
  );
}
