/**
 * The home page's interface text; its marketing copy stays in app/components/home. Imported as
 * `homeMessages` where used (not in `messages`: ADR 054).
 */
export const homeMessages = {
  highlights: "Nos points forts",
  pauseHighlights: "Mettre en pause le défilement des points forts",
  resumeHighlights: "Reprendre le défilement des points forts",
  heroImagesLoading: "Chargement des images",
  percent: (value: number) => `${value}\u00a0%`,
  heroImageFailed: (src: string) => `Image de l'accueil non chargée : ${src}. La page s'affiche sans elle.`,
  heroImagesTimeout: (seconds: number) =>
    `Images de l'accueil toujours en chargement après ${seconds} s : la page s'affiche sans les attendre.`,
  rating: (stars: number) => `${stars} étoiles sur 5`,
} as const;
