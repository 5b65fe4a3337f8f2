/**
 * Canadian postal codes (docs/geodata.md, 'Postal code syntax'): letter digit letter, an optional
 * space or hyphen, digit letter digit. D F I O Q U never appear; W and Z never come first. Any case.
 * The first three characters are the forward sortation area (FSA), the offline granularity.
 */
const FIRST = "ABCEGHJKLMNPRSTVXY";
const LETTER = "ABCEGHJKLMNPRSTVWXYZ";

const FSA_SOURCE = `[${FIRST}]\\d[${LETTER}]`;
const LDU_SOURCE = `\\d[${LETTER}]\\d`;
const STRICT = new RegExp(`^(${FSA_SOURCE})[ -]?(${LDU_SOURCE})$`, "i");
const FULL_IN_TEXT = new RegExp(`(?<![a-z0-9])(${FSA_SOURCE})[ -]?(${LDU_SOURCE})(?![a-z0-9])`, "gi");
/** A lone FSA: not glued to other letters or digits, and not the start of a truncated full code. */
const FSA_IN_TEXT = new RegExp(`(?<![a-z0-9])(${FSA_SOURCE})(?![a-z0-9])(?!\\s*-?\\s*\\d)`, "gi");

/** Normalised 'J2G 1A1', or null when the text is not exactly one valid postal code. */
export function parsePostalCode(text: string): string | null {
  const match = STRICT.exec(text.trim());
  if (!match) return null;
  return `${match[1]} ${match[2]}`.toUpperCase();
}

export interface FoundPostalCode {
  /** 'J2G 1A1' for a full code, 'J2G' for a lone FSA. */
  code: string;
  fsa: string;
  full: boolean;
}

/** The right-most full postal code in free text, else the right-most lone FSA, else null. */
export function findPostalCode(text: string): FoundPostalCode | null {
  const full = [...text.matchAll(FULL_IN_TEXT)].at(-1);
  if (full) {
    const fsa = (full[1] ?? "").toUpperCase();
    return { code: `${fsa} ${(full[2] ?? "").toUpperCase()}`, fsa, full: true };
  }
  const lone = [...text.matchAll(FSA_IN_TEXT)].at(-1);
  if (lone) {
    const fsa = (lone[1] ?? "").toUpperCase();
    return { code: fsa, fsa, full: false };
  }
  return null;
}

/** 'J2G' for 'J2G 1A1', 'j2g1a1' or 'J2G'. */
export function fsaOf(code: string): string {
  return code.trim().slice(0, 3).toUpperCase();
}

export type Province = "NL" | "NS" | "PE" | "NB" | "QC" | "ON" | "MB" | "SK" | "AB" | "BC" | "NT-NU" | "YT";

const PROVINCE_BY_FIRST_LETTER: Readonly<Record<string, Province>> = {
  A: "NL",
  B: "NS",
  C: "PE",
  E: "NB",
  G: "QC",
  H: "QC",
  J: "QC",
  K: "ON",
  L: "ON",
  M: "ON",
  N: "ON",
  P: "ON",
  R: "MB",
  S: "SK",
  T: "AB",
  V: "BC",
  X: "NT-NU",
  Y: "YT",
};

/** Province of a postal code or FSA from its first letter; null for a letter never used first. */
export function provinceOf(code: string): Province | null {
  return PROVINCE_BY_FIRST_LETTER[code.trim().charAt(0).toUpperCase()] ?? null;
}

export function isQuebecPostalCode(code: string): boolean {
  return provinceOf(code) === "QC";
}
