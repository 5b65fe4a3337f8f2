/** The password and account e-mails (ADR 042): transactional, no unsubscribe link. */
import { messagingMessages } from "~/lib/messages/messaging.fr";
import { accountMessages } from "~/lib/messages/account.fr";
import { Button, m, Paragraph, renderMail, type RenderedMail } from "./layout.server";

/** The reset link, or (no password yet: a new franchisee's invitation) the set-password link. */
export function renderPasswordMail({
  name,
  url,
  invitation,
}: {
  name: string;
  url: string;
  invitation: boolean;
}): RenderedMail {
  const r = m.passwordReset;
  const c = invitation ? { ...r, ...m.setPassword } : r;
  const rendered = renderMail({
    title: c.subject,
    html: (
      <>
        <Paragraph>{m.greeting(name)}</Paragraph>
        <Paragraph>{c.intro}</Paragraph>
        <Button href={url}>{c.action}</Button>
        <Paragraph>{c.expiry}</Paragraph>
        {!invitation && <Paragraph>{r.ignore}</Paragraph>}
        <Paragraph>{m.callUs}</Paragraph>
      </>
    ),
    text: [
      m.greeting(name),
      "",
      c.intro,
      "",
      `${c.action} : ${url}`,
      "",
      c.expiry,
      ...(invitation ? [] : [r.ignore]),
      "",
      m.callUs,
      "",
    ],
  });
  return { subject: c.subject, ...rendered };
}

export type AccountMailKind = "verify" | "exists" | "slowed";

/**
 * The account e-mails (ADR 042): the sign-up's confirmation link ("verify"), the notice to the
 * owner of an address someone tried to sign up with ("exists"), and the notice that sign-ins to
 * the account were slowed after many wrong passwords ("slowed"). `url` is the confirmation link
 * (verify) or the site's address (the others link to sign-in and to the forgotten-password page).
 */
export function renderAccountMail(
  kind: AccountMailKind,
  { name, url }: { name: string; url: string },
): RenderedMail {
  const a = accountMessages.email;
  const greeting = m.greeting(name);
  if (kind === "verify") {
    const c = a.verify;
    const rendered = renderMail({
      title: c.subject,
      html: (
        <>
          <Paragraph>{greeting}</Paragraph>
          <Paragraph>{c.intro}</Paragraph>
          <Button href={url}>{c.action}</Button>
          <Paragraph>{c.expiry}</Paragraph>
          <Paragraph>{c.bookings}</Paragraph>
          <Paragraph>{c.ignore}</Paragraph>
        </>
      ),
      text: [greeting, "", c.intro, "", `${c.action} : ${url}`, "", c.expiry, c.bookings, "", c.ignore, ""],
    });
    return { subject: c.subject, ...rendered };
  }
  const signIn = `${url}/auth`;
  const forgot = `${url}/auth/forgot-password`;
  if (kind === "exists") {
    const c = a.exists;
    const rendered = renderMail({
      title: c.subject,
      html: (
        <>
          <Paragraph>{greeting}</Paragraph>
          <Paragraph>{c.intro}</Paragraph>
          <Button href={signIn}>{c.signIn}</Button>
          <Paragraph>{c.reset}</Paragraph>
          <Button href={forgot}>{messagingMessages.forgotPassword.title}</Button>
          <Paragraph>{c.ignore}</Paragraph>
        </>
      ),
      text: [greeting, "", c.intro, "", `${c.signIn} : ${signIn}`, `${c.reset} ${forgot}`, "", c.ignore, ""],
    });
    return { subject: c.subject, ...rendered };
  }
  const c = a.slowed;
  const rendered = renderMail({
    title: c.subject,
    html: (
      <>
        <Paragraph>{greeting}</Paragraph>
        <Paragraph>{c.intro}</Paragraph>
        <Paragraph>{c.you}</Paragraph>
        <Button href={forgot}>{c.action}</Button>
        <Paragraph>{c.notYou}</Paragraph>
      </>
    ),
    text: [greeting, "", c.intro, "", `${c.you} ${forgot}`, "", c.notYou, ""],
  });
  return { subject: c.subject, ...rendered };
}
