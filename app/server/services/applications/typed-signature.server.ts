import { loadSharp } from "~/server/sharp.server";
import { SIGNATURE_HEIGHT, SIGNATURE_WIDTH } from "~/domain/applications/png";

/** Longest typed name drawn as a signature (the form's field holds as much). */
export const TYPED_SIGNATURE_MAX = 100;

/**
 * The typed name to draw: without its invisible characters (zero-width spaces and joiners, bidi
 * marks: Unicode's format characters); null when nothing readable is left (no letter or digit),
 * "invalid" when it holds a control character (NUL, line breaks...), which no name has.
 */
export function typedSignatureName(raw: string | undefined | null): string | null | "invalid" {
  if (!raw) return null;
  if (/\p{Cc}/u.test(raw)) return "invalid";
  const name = raw.replace(/\p{Cf}/gu, "").trim();
  return /[\p{L}\p{N}]/u.test(name) ? name : null;
}

function escapeMarkup(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * The signature of someone who typed their name instead of drawing (the form without
 * JavaScript, ADR 055): the name in italics on the same 600x200 white PNG the pad makes, so every
 * application keeps one kind of signature file with its hash.
 */
export async function typedSignaturePng(name: string): Promise<Uint8Array> {
  const sharp = await loadSharp();
  const text = await sharp({
    text: {
      text: `<span foreground="#111827"><i>${escapeMarkup(name.trim().slice(0, TYPED_SIGNATURE_MAX))}</i></span>`,
      font: "serif",
      width: SIGNATURE_WIDTH - 80,
      height: SIGNATURE_HEIGHT - 80,
      rgba: true,
      align: "centre",
    },
  })
    .png()
    .toBuffer();
  const png = await sharp({
    create: { width: SIGNATURE_WIDTH, height: SIGNATURE_HEIGHT, channels: 3, background: "#ffffff" },
  })
    .composite([{ input: text, gravity: "centre" }])
    .png()
    .toBuffer();
  return new Uint8Array(png);
}
