/** Security refusals (ADR 034): cross-origin requests; the account API's errors in French. */
export const securityMessages = {
  refusedTitle: "Requête refusée",
  crossOrigin:
    "Requête refusée : elle ne provient pas du site Lavage Mobile Prestige. Rechargez la page et réessayez.",
  home: "Retour à l'accueil",
  /**
   * better-auth's error codes under /api/auth/* (app/server/auth-errors.server.ts) that the
   * auth and validation messages do not already say.
   */
  authApi: {
    invalidToken: "Ce lien n'est plus valide : il a expiré ou a déjà servi. Demandez un nouveau lien.",
    sessionExpired: "Votre session a expiré. Reconnectez-vous, puis réessayez.",
    userNotFound: "Aucun compte ne correspond à cette demande.",
    emailNotVerified: "Confirmez d'abord votre adresse e-mail.",
    invalidRequest: "Requête invalide : vérifiez les champs envoyés.",
    tooManyRequests: "Trop de tentatives en peu de temps. Veuillez réessayer dans une minute.",
    unauthorized: "Connexion requise.",
    forbidden: "Accès refusé.",
    notFound: "Adresse introuvable.",
    serverError: "Une erreur est survenue. Veuillez réessayer.",
  },
} as const;
