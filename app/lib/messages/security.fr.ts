/** Security refusals (ADR 034): cross-origin requests. */
export const securityMessages = {
  refusedTitle: "Requête refusée",
  crossOrigin:
    "Requête refusée : elle ne provient pas du site Lavage Mobile Prestige. Rechargez la page et réessayez.",
  home: "Retour à l'accueil",
} as const;
