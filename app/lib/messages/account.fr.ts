/** French text of the accounts (ADR 042); imported as `accountMessages` where used (not in `messages`: ADR 054). */
import { BUSINESS } from "../business";

export const accountMessages = {
  /** /auth after a sign-up: shown whether or not the address already had an account. */
  /** Under the spec's sign-up success line (messages.auth.signUpSuccess). */
  checkEmail: {
    text: (email: string) =>
      `Nous venons d'envoyer un message à ${email}. Cliquez sur le lien qu'il contient pour confirmer votre adresse et accéder à votre espace. Le lien est valable 24 heures.`,
    spam: "Rien reçu après quelques minutes ? Regardez dans les courriels indésirables, ou connectez-vous pour recevoir un nouveau lien.",
  },
  /** /auth?redirectTo=…: a signed-out visit to a private page. */
  signInRequired: "Connectez-vous pour accéder à cette page. Vous y serez ramené ensuite.",
  verified: "Adresse courriel confirmée. Bienvenue !",
  verifyLinkInvalid:
    "Ce lien de confirmation n'est plus valide. Connectez-vous avec votre mot de passe : nous vous enverrons un nouveau lien.",
  /** Sign-in with the right password but an address never confirmed (a new link was just sent). */
  emailNotVerified:
    "Confirmez d'abord votre adresse courriel : nous venons de vous renvoyer le lien de confirmation.",
  /** Too many tries on one account: temporary, the owner is told by e-mail. */
  accountSlowed:
    "Trop de tentatives sur ce compte. Réessayez dans 15 minutes ou choisissez un nouveau mot de passe avec « Mot de passe oublié ? ».",
  /** /auth/choose-password: an address confirmed in another browser than the sign-up's (ADR 066). */
  choosePassword: {
    metaTitle: "Choisissez votre mot de passe",
    title: "Choisissez votre mot de passe",
    intro:
      "Votre adresse est confirmée. Pour protéger votre compte, choisissez maintenant son mot de passe : celui donné à l'inscription ne fonctionne plus, puisque ce lien a été ouvert sur un autre appareil ou navigateur.",
    submit: "Enregistrer et continuer",
    done: "Mot de passe enregistré. Bienvenue !",
    error: "Le mot de passe n'a pas pu être enregistré. Réessayez.",
  },
  passwordChecksLimited: "Trop d'essais du mot de passe actuel. Réessayez dans 15 minutes.",
  email: {
    verify: {
      subject: `Confirmez votre adresse courriel | ${BUSINESS.name}`,
      intro: "Merci d'avoir créé votre compte. Confirmez votre adresse pour y accéder.",
      action: "Confirmer mon adresse",
      expiry: "Ce lien est valable 24 heures.",
      bookings:
        "Une fois l'adresse confirmée, les réservations faites avec elle apparaissent dans votre espace client.",
      ignore: "Si vous n'avez pas créé de compte, ignorez ce courriel : aucun compte ne sera activé.",
    },
    exists: {
      subject: `Tentative d'inscription avec votre adresse | ${BUSINESS.name}`,
      intro:
        "Quelqu'un (peut-être vous) a voulu créer un compte avec votre adresse courriel. Vous avez déjà un compte : aucun nouveau compte n'a été créé.",
      signIn: "Se connecter",
      reset: "Mot de passe oublié ? Choisissez-en un nouveau :",
      ignore: "Si ce n'était pas vous, ignorez ce courriel : votre compte n'a pas changé.",
    },
    slowed: {
      subject: `Tentatives de connexion à votre compte | ${BUSINESS.name}`,
      intro:
        "Plusieurs tentatives de connexion avec un mauvais mot de passe ont visé votre compte. Pour le protéger, les connexions y sont ralenties pendant 15 minutes.",
      you: "Si c'était vous, réessayez plus tard ou choisissez un nouveau mot de passe :",
      notYou:
        "Si ce n'était pas vous, votre mot de passe n'a pas été trouvé et votre compte reste fermé aux autres. Les appareils où vous vous êtes déjà connecté ne sont pas ralentis.",
      action: "Choisir un nouveau mot de passe",
    },
  },
} as const;
