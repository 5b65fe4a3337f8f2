/**
 * The one catalogue of user-facing French text (docs/product.md, section 8 and docs/product-decisions.md,
 * 'Language').
 * Services and domain code hold error codes; routes, components and e-mails read text here.
 *
 * This file holds only the text every page may show (errors, navigation, header and footer, the
 * UI parts, form validation). Every area's text lives beside it in app/lib/messages/ and is
 * imported where it is used, so that a page downloads only the text it shows (ADR 054): the
 * signed-in areas (adminMessages, franchiseeMessages, clientMessages, ...) and the public ones
 * (homeMessages, contactMessages, galleryMessages, wizardMessages, bookingMessages, ...).
 */
export const messages = {
  errors: {
    generic: "Une erreur inattendue s'est produite. Veuillez réessayer.",
    notAuthenticated: "Utilisateur non authentifié",
    forbidden: "Vous n'avez pas accès à cette page.",
    notFound: "Ressource introuvable.",
    rateLimited: "Trop de tentatives. Veuillez patienter une minute avant de réessayer.",
    useAuthOutsideProvider: "useAuth must be used within an AuthProvider",
    useConfirmOutsideProvider: "useConfirm must be used inside ConfirmProvider",
  },
  fallback: {
    title: "Oups ! Quelque chose s'est mal passé",
    text: "Une erreur inattendue s'est produite. Veuillez réessayer.",
    retry: "Réessayer",
  },
  notFound: {
    title: "Oups ! Page introuvable",
    text: "La page que vous cherchez n'existe pas ou a été déplacée.",
    home: "Retour à l'accueil",
  },
  auth: {
    signIn: "Connexion",
    signUp: "Inscription",
    signOut: "Déconnexion",
    signInError: "Erreur lors de la connexion",
    signInSuccess: "Connexion réussie !",
    signUpError: "Erreur lors de la création du compte",
    signUpSuccess: "Compte créé ! Vérifiez votre email pour confirmer votre compte.",
    invalidCredentials: "Courriel ou mot de passe incorrect.",
    emailTaken: "Un compte existe déjà avec cette adresse courriel.",
    testLoginError: (role: string) => `Erreur lors de la connexion test ${role}`,
  },
  validation: {
    required: "Ce champ est requis.",
    emailRequired: "L'adresse courriel est requise.",
    emailInvalid: "Veuillez entrer une adresse courriel valide.",
    passwordRequired: "Le mot de passe est requis.",
    passwordTooShort: (min: number) => `Le mot de passe doit contenir au moins ${min} caractères.`,
    passwordTooLong: "Le mot de passe est trop long (128 caractères au maximum).",
    firstNameRequired: "Le prénom est requis.",
    lastNameRequired: "Le nom est requis.",
    tooLong: (max: number) => `Ce champ ne peut pas dépasser ${max} caractères.`,
    invalidValue: "Valeur invalide.",
    invisibleCharacter: "Ce nom contient un caractère invisible ou de contrôle : retirez-le.",
  },
  nav: {
    main: "Navigation principale",
    skipToContent: "Aller au contenu",
    sections: {
      home: "Accueil",
      about: "À propos",
      services: "Services",
      gallery: "Galerie",
      reviews: "Avis",
      franchise: "Franchise",
      contact: "Contact",
    },
    homeButton: "Accueil",
    book: "Réserver",
    bookNow: "Réserver maintenant",
    menu: "Menu",
    openMenu: "Ouvrir le menu",
    closeMenu: "Fermer le menu",
    /** Read before the visible name: the button's name is "Menu du compte de <name>". */
    accountMenuLead: "Menu du compte de ",
    account: "Mon compte",
    clientSpace: "Mon espace",
    dashboard: "Tableau de bord",
  },
  theme: {
    toDark: "Activer le thème sombre",
    toLight: "Activer le thème clair",
    toggle: "Changer de thème",
  },
  footer: {
    blurb:
      "Le lavage d'auto haut de gamme qui se déplace chez vous, à la maison comme au bureau. Des équipes locales, assurées et ponctuelles, partout dans nos zones de service au Québec.",
    explore: "Découvrir",
    contact: "Nous joindre",
    legal: "Informations légales",
    social: "Suivez-nous",
    services: "Nos services",
    gallery: "Galerie",
    giftCards: "Cartes-cadeaux",
    partner: "Devenir partenaire",
    privacy: "Politique de confidentialité",
    terms: "Conditions d'utilisation",
    call: (phone: string) => `Appelez-nous au ${phone}`,
    write: (email: string) => `Écrivez-nous à ${email}`,
    followOn: (network: string) => `${network} (nouvelle fenêtre)`,
    rights: (year: number, name: string) => `© ${year} ${name}. Tous droits réservés.`,
  },
  labels: {
    roles: { admin: "Propriétaire / CEO", franchisee: "Partenaire", crew: "Équipe", client: "client" },
    appointmentStatus: {
      scheduled: "Programmé",
      completed: "Terminé",
      cancelled: "Annulé",
      no_show: "Absent",
    },
  },
  ui: {
    noOptions: "Aucune option trouvée",
    loading: "Chargement...",
    close: "Fermer",
    cancel: "Annuler",
    confirm: "Confirmer",
    clear: "Effacer",
    today: "Aujourd'hui",
    select: "Sélectionner...",
    search: "Rechercher...",
    selectedCount: (count: number) =>
      count > 1 ? `${count} options sélectionnées` : `${count} option sélectionnée`,
    removeItem: (label: string) => `Retirer ${label}`,
    maxReached: (max: number) => `Maximum de ${max} sélection${max > 1 ? "s" : ""} atteint.`,
    pickDate: "Choisir une date",
    previousMonth: "Mois précédent",
    nextMonth: "Mois suivant",
    calendar: "Calendrier",
    notifications: "Notifications",
    dismissNotification: "Fermer la notification",
    breadcrumb: "Fil d'Ariane",
    progress: "Progression",
    stepOf: (step: number, total: number) => `Étape ${step} sur ${total}`,
    stepCompleted: "terminée",
    stepCurrent: "en cours",
  },
} as const;
