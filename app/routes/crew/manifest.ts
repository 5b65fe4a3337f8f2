import { crewMessages } from "~/lib/messages/crew.fr";

const t = crewMessages.app;

/** The brand's blue (public/favicon.svg) and the light theme's background (app.css). */
const THEME_COLOUR = "#1d4f91";
const BACKGROUND_COLOUR = "#fcfdfe";

/**
 * /crew/manifest.webmanifest: "Ma journée" installable on the crew's phones (issue 32, ADR 089).
 * Public (browsers fetch it without the session cookie); the icons come from
 * scripts/generate-crew-icons.mjs.
 */
export function loader() {
  const manifest = {
    id: "/crew",
    name: t.name,
    short_name: t.shortName,
    description: t.description,
    lang: "fr-CA",
    dir: "ltr",
    start_url: "/crew",
    scope: "/crew",
    display: "standalone",
    orientation: "portrait",
    theme_color: THEME_COLOUR,
    background_color: BACKGROUND_COLOUR,
    icons: [
      { src: "/crew/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/crew/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/crew/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: {
      "Content-Type": "application/manifest+json; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
