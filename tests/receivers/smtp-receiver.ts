import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message as it arrived (CRLF). */
  raw: string;
  parsed: ParsedMail;
}

export interface SmtpReceiver {
  /** smtp://127.0.0.1:PORT, for SMTP_URL or createSmtpMailer. */
  url: string;
  /** Every message accepted, in order. */
  messages: ReceivedMail[];
  /** MAIL FROM commands refused so far. */
  refused: number;
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 and a random port, standing in for the mail provider. It
 * refuses the first `refuseFirst` messages with a temporary error (451 at MAIL FROM), then
 * accepts every message and parses it with mailparser.
 */
export async function startSmtpReceiver({
  refuseFirst = 0,
}: { refuseFirst?: number } = {}): Promise<SmtpReceiver> {
  const messages: ReceivedMail[] = [];
  const state = { refused: 0 };
  const server = new SMTPServer({
    authOptional: true,
    hideSTARTTLS: true,
    disableReverseLookup: true,
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (state.refused < refuseFirst) {
        state.refused += 1;
        const error = new Error("Service temporairement indisponible, réessayez plus tard") as Error & {
          responseCode: number;
        };
        error.responseCode = 451;
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        simpleParser(raw)
          .then((parsed) => {
            messages.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              to: session.envelope.rcptTo.map((r) => r.address),
              raw,
              parsed,
            });
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    get refused() {
      return state.refused;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
