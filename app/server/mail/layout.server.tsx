/**
 * The frame of every French e-mail (ADR 061): JSX rendered to static HTML by react-dom/server
 * (React escapes every text and attribute), beside the plain-text part written line by line.
 * Every e-mail names the sender (business name, postal address, phone, e-mail); commercial ones
 * add the unsubscribe link.
 */
import { formatDate, formatTime } from "~/domain/time/format-instant";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { BUSINESS } from "~/lib/business";
import { messagingMessages } from "~/lib/messages/messaging.fr";

export const m = messagingMessages.email;

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  attachments?: { filename: string; content: string; contentType: string }[];
}

/** 'lundi 9 mars 2026' in the business time zone. */
export function formatMailDate(instant: Date): string {
  return formatDate(instant, "weekdayYear");
}

/** '9 h 00' in the business time zone. */
export function formatMailTime(instant: Date): string {
  return formatTime(instant);
}

const ACCENT = "#0e7490";
const MUTED = "#52525b";

export function Paragraph({ children }: { children: ReactNode }) {
  return <p style={{ margin: "0 0 16px" }}>{children}</p>;
}

export function SmallNote({ children }: { children: ReactNode }) {
  return <p style={{ margin: "0 0 16px", fontSize: 13, color: MUTED }}>{children}</p>;
}

export function Button({ href, children }: { href: string; children: ReactNode }) {
  return (
    <p style={{ margin: "24px 0" }}>
      <a
        href={href}
        style={{
          display: "inline-block",
          background: ACCENT,
          color: "#ffffff",
          padding: "12px 20px",
          borderRadius: 6,
          textDecoration: "none",
          fontWeight: 600,
        }}
      >
        {children}
      </a>
    </p>
  );
}

/** A two-column table of labels and values; `ruled` draws a line under each row. */
export function Rows({ rows, ruled = false }: { rows: [string, string][]; ruled?: boolean }) {
  const rule = ruled ? { borderBottom: "1px solid #e4e4e7" } : {};
  return (
    <table
      role="presentation"
      style={{ borderCollapse: "collapse", margin: "0 0 16px", ...(ruled ? { width: "100%" } : {}) }}
    >
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th
              scope="row"
              style={{
                textAlign: "left",
                padding: ruled ? "6px 12px 6px 0" : "4px 12px 4px 0",
                fontWeight: 600,
                verticalAlign: "top",
                ...rule,
              }}
            >
              {label}
            </th>
            <td style={{ padding: ruled ? "6px 0" : undefined, ...rule }}>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

interface LayoutProps {
  title: string;
  /** The message's blocks (paragraphs, buttons, tables). */
  children: ReactNode;
  /** A commercial message carries the unsubscribe link. */
  unsubscribeUrl?: string;
  transactional?: boolean;
}

function footerNote({ transactional, unsubscribeUrl }: Omit<LayoutProps, "title" | "children">) {
  return transactional ? m.transactionalNote : unsubscribeUrl ? m.commercialNote : null;
}

function MailLayout({ title, children, unsubscribeUrl, transactional }: LayoutProps) {
  const note = footerNote({ transactional, unsubscribeUrl });
  return (
    <html lang="fr-CA">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
      </head>
      <body
        style={{
          margin: 0,
          padding: 0,
          background: "#f4f4f5",
          fontFamily: "Arial,Helvetica,sans-serif",
          color: "#18181b",
          lineHeight: 1.5,
        }}
      >
        <div style={{ maxWidth: 600, margin: "0 auto", padding: 24 }}>
          <div style={{ background: "#ffffff", borderRadius: 8, padding: 24 }}>
            <p style={{ margin: "0 0 16px", fontSize: 18, fontWeight: 700, color: ACCENT }}>
              {BUSINESS.name}
            </p>
            {children}
            <p style={{ margin: "24px 0 0" }}>{m.signature}</p>
          </div>
          <div style={{ padding: "16px 8px", fontSize: 12, color: MUTED }}>
            <p style={{ margin: "0 0 8px" }}>{m.identification}</p>
            {note && <p style={{ margin: "0 0 8px" }}>{note}</p>}
            {unsubscribeUrl && (
              <p style={{ margin: 0 }}>
                <a href={unsubscribeUrl} style={{ color: ACCENT }}>
                  {m.unsubscribe}
                </a>
              </p>
            )}
          </div>
        </div>
      </body>
    </html>
  );
}

/**
 * The HTML and plain-text parts of one e-mail: `html` its JSX blocks in the layout, `text` the
 * same content as lines, followed by the signature, the identification and the way out.
 */
export function renderMail(props: Omit<LayoutProps, "children"> & { html: ReactNode; text: string[] }): {
  html: string;
  text: string;
} {
  const { html, text: lines, ...layout } = props;
  const note = footerNote(layout);
  const text = [
    ...lines,
    m.signature,
    "",
    "--",
    m.identification,
    ...(note ? [note] : []),
    ...(layout.unsubscribeUrl ? [`${m.unsubscribe} : ${layout.unsubscribeUrl}`] : []),
    "",
  ].join("\n");
  return {
    html: `<!doctype html>\n${renderToStaticMarkup(<MailLayout {...layout}>{html}</MailLayout>)}\n`,
    text,
  };
}
