import type { ComponentProps } from "react";

/**
 * Brand glyphs that lucide-react no longer ships, drawn in its stroke style (24 px grid, shapes
 * from Tabler Icons, MIT) so that they sit well beside the lucide icons.
 */
function Glyph({ children, ...props }: ComponentProps<"svg">) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export function FacebookIcon(props: ComponentProps<"svg">) {
  return (
    <Glyph {...props}>
      <path d="M7 10v4h3v7h4v-7h3l1 -4h-4v-2a1 1 0 0 1 1 -1h3v-4h-3a5 5 0 0 0 -5 5v2h-3" />
    </Glyph>
  );
}

export function InstagramIcon(props: ComponentProps<"svg">) {
  return (
    <Glyph {...props}>
      <path d="M4 8a4 4 0 0 1 4 -4h8a4 4 0 0 1 4 4v8a4 4 0 0 1 -4 4h-8a4 4 0 0 1 -4 -4z" />
      <path d="M9 12a3 3 0 1 0 6 0a3 3 0 0 0 -6 0" />
      <path d="M16.5 7.5v.01" />
    </Glyph>
  );
}

export function TikTokIcon(props: ComponentProps<"svg">) {
  return (
    <Glyph {...props}>
      <path d="M21 7.917v4.034a9.948 9.948 0 0 1 -5 -1.951v4.5a6.5 6.5 0 1 1 -8 -6.326v4.326a2.5 2.5 0 1 0 4 2v-11.5h4.083a6.005 6.005 0 0 0 4.917 4.917z" />
    </Glyph>
  );
}
