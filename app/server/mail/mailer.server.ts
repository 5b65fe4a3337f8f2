import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Transporter } from "nodemailer";
import type Mail from "nodemailer/lib/mailer";
import { env } from "../env.server";

/** One e-mail ready to send: French text and HTML, optional attachments and list headers. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  attachments?: { filename: string; content: string; contentType: string }[];
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
  /**
   * The Message-ID, when the caller derives it from its job (ADR 071): a job run again after a
   * crash sends the same message, which a receiving client can recognise as a copy.
   */
  messageId?: string;
}

export interface SentMail {
  messageId: string;
  /** The .eml file written by the file mailer. */
  file?: string;
}

/** Sends e-mail; throws when the server refuses it, so the job is retried. */
export interface Mailer {
  readonly kind: "smtp" | "file";
  send(mail: OutgoingMail): Promise<SentMail>;
}

/** What the development mail page lists, kept next to each .eml file. */
export interface StoredMailSummary {
  id: string;
  to: string;
  from: string;
  subject: string;
  date: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  attachments: { filename: string; contentType: string; size: number }[];
}

function toMailOptions(from: string, mail: OutgoingMail): Mail.Options {
  return {
    from,
    to: mail.to,
    replyTo: mail.replyTo,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers,
    ...(mail.messageId ? { messageId: mail.messageId } : {}),
    attachments: mail.attachments?.map((a) => ({
      filename: a.filename,
      content: a.content,
      contentType: a.contentType,
    })),
  };
}

/**
 * A transport made on the first mail sent: nodemailer (~16 MB of memory) is imported then, not at
 * start (ADR 054).
 */
function lazyTransport(options: object): () => Promise<Transporter> {
  let transport: Promise<Transporter> | undefined;
  return () => {
    transport ??= import("nodemailer").then(({ default: nodemailer }) =>
      nodemailer.createTransport(options as never),
    );
    return transport;
  };
}

/** nodemailer over SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = lazyTransport({
    url,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
  return {
    kind: "smtp",
    async send(mail) {
      const info = await (await transport()).sendMail(toMailOptions(from, mail));
      return { messageId: info.messageId };
    },
  };
}

/** The file name of a stored mail: sortable by time, unguessable, safe in a URL. */
function newMailId(now: Date): string {
  return `${now.toISOString().replace(/[-:.]/g, "").replace("T", "-")}-${crypto.randomBytes(4).toString("hex")}`;
}

export const MAIL_ID_PATTERN = /^\d{8}-\d{9}Z-[0-9a-f]{8}$/;

/**
 * Writes `file` in `dir`, making the folder only when it is missing: not a mkdir for every mail
 * (each booking sends one, in the server's own process; ADR 054).
 */
async function writeInto(dir: string, file: string, data: string | Buffer): Promise<void> {
  try {
    await fs.writeFile(file, data);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(file, data);
  }
}

/**
 * With no SMTP_URL: each message is written as an .eml file (CRLF, what an SMTP server would
 * receive) under `dir`, with a .json summary beside it for the development mail page.
 */
export function createFileMailer(dir: string, from: string): Mailer {
  const transport = lazyTransport({ streamTransport: true, buffer: true, newline: "windows" });
  return {
    kind: "file",
    async send(mail) {
      const info = await (await transport()).sendMail(toMailOptions(from, mail));
      const now = new Date();
      const id = newMailId(now);
      const file = path.join(dir, `${id}.eml`);
      const summary: StoredMailSummary = {
        id,
        to: mail.to,
        from,
        subject: mail.subject,
        date: now.toISOString(),
        text: mail.text,
        html: mail.html,
        headers: mail.headers ?? {},
        attachments: (mail.attachments ?? []).map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          size: Buffer.byteLength(a.content),
        })),
      };
      // The .eml first: the page lists the .json files, so a listed mail's .eml is complete. The
      // .json is written under another name and renamed, so a reader never sees half of it.
      await writeInto(dir, file, info.message as Buffer);
      const partial = path.join(dir, `${id}.json.partial`);
      await writeInto(dir, partial, JSON.stringify(summary));
      await fs.rename(partial, path.join(dir, `${id}.json`));
      return { messageId: info.messageId, file };
    },
  };
}

/** DATA_DIR/mail, where the file mailer writes. */
export function mailDirectory(): string {
  return path.join(env().DATA_DIR, "mail");
}

let cached: { key: string; mailer: Mailer } | undefined;

/** The mailer of the configuration: SMTP when SMTP_URL is set, else .eml files. */
export function mailerFromEnv(): Mailer {
  const config = env();
  const key = `${config.SMTP_URL ?? ""}|${config.MAIL_FROM}|${config.DATA_DIR}`;
  if (cached?.key !== key) {
    cached = {
      key,
      mailer: config.SMTP_URL
        ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM)
        : createFileMailer(mailDirectory(), config.MAIL_FROM),
    };
  }
  return cached.mailer;
}

/** The stored mails, newest first (the development mail page). */
export async function listStoredMails(dir: string = mailDirectory()): Promise<StoredMailSummary[]> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const ids = names
    .filter((n) => n.endsWith(".json"))
    .map((n) => n.slice(0, -5))
    .filter((id) => MAIL_ID_PATTERN.test(id))
    .sort()
    .reverse();
  const mails = await Promise.all(ids.map((id) => readStoredMail(id, dir)));
  return mails.filter((m): m is StoredMailSummary => m !== null);
}

/** One stored mail by id, or null. */
export async function readStoredMail(
  id: string,
  dir: string = mailDirectory(),
): Promise<StoredMailSummary | null> {
  if (!MAIL_ID_PATTERN.test(id)) return null;
  try {
    return JSON.parse(await fs.readFile(path.join(dir, `${id}.json`), "utf8")) as StoredMailSummary;
  } catch {
    return null;
  }
}
