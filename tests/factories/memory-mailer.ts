import type { Mailer, OutgoingMail } from "~/server/mail/mailer.server";

/** A mailer that keeps in `sent` what it is given. */
export function memoryMailer(sent: OutgoingMail[]): () => Mailer {
  return () => ({
    kind: "file",
    send: (mail) => {
      sent.push(mail);
      return Promise.resolve({ messageId: `m${sent.length}` });
    },
  });
}
