/** Security refusals (ADR 034): cross-origin requests; the account API's errors in French. */
export const securityMessages = {
  refusedTitle: "Requête refusée",
  crossOrigin:
    "Requête refusée : elle ne provient pas du site Lavage Mobile Prestige. Rechargez la page et réessayez.",
  home: "Retour à l'accueil",
  /** Requests over the server's input bounds (ADR 041). */
  inputBounds: {
    title: "Requête refusée",
    urlTooLong: "L'adresse demandée est trop longue : elle n'existe pas sur ce site.",
    bodyTooLarge:
      "La requête envoyée est trop volumineuse. Raccourcissez les champs du formulaire et réessayez.",
    signInRequired:
      "Votre session a expiré ou vous n'êtes pas connecté : reconnectez-vous avec un compte administrateur, puis réessayez l'envoi.",
    forbidden: "Cet envoi est réservé aux administrateurs.",
    tooSlow:
      "L'envoi est arrivé trop lentement et a été interrompu. Vérifiez votre connexion, puis réessayez.",
    tooManyUploads:
      "Trop d'envois sont en cours depuis votre connexion. Attendez qu'ils se terminent, puis réessayez.",
  },
  /** Demo mode on a public address (ADR 041), said when the server refuses to start. */
  demoOnPublicUrl:
    "Le mode démo (DEMO_ACCOUNTS=1) donne un accès administrateur à tout visiteur : il ne démarre que si PUBLIC_URL est une adresse locale (localhost, 127.0.0.1, [::1]). Retirez DEMO_ACCOUNTS, ou, pour une démonstration publique assumée, ajoutez DEMO_ON_PUBLIC_URL=1.",
  /** Started without PUBLIC_URL outside development (ADR 071), said at boot. */
  publicUrlUnsetWarning: (fallback: string, demo: boolean) =>
    `ATTENTION : PUBLIC_URL n'est pas défini : les liens des courriels pointeront vers ${fallback}.${demo ? " Le mode démo (DEMO_ACCOUNTS=1) est actif et le croit local : si ce serveur est public, ses comptes démo le sont aussi." : ""} Définissez PUBLIC_URL (l'adresse publique du site).`,
  demoOnPublicUrlWarning:
    "ATTENTION : mode démo sur une adresse publique (DEMO_ON_PUBLIC_URL=1) : la connexion de test et /dev/mail restent réservées aux requêtes locales, mais les comptes démo et leur mot de passe connu sont actifs.",
  /**
   * better-auth's error codes under /api/auth/* (app/server/auth-errors.server.ts) that the
   * auth and validation messages do not already say.
   */
  authApi: {
    invalidToken: "Ce lien n'est plus valide : il a expiré ou a déjà servi. Demandez un nouveau lien.",
    sessionExpired: "Votre session a expiré. Reconnectez-vous, puis réessayez.",
    userNotFound: "Aucun compte ne correspond à cette demande.",
    emailNotVerified: "Confirmez d'abord votre adresse courriel.",
    invalidRequest: "Requête invalide : vérifiez les champs envoyés.",
    tooManyRequests: "Trop de tentatives en peu de temps. Veuillez réessayer dans une minute.",
    unauthorized: "Connexion requise.",
    forbidden: "Accès refusé.",
    notFound: "Adresse introuvable.",
    serverError: "Une erreur est survenue. Veuillez réessayer.",
  },
} as const;
