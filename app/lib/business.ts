/** The business identity shown in the chrome, legal pages and messages: one place to change it. */
export const BUSINESS = {
  name: "Lavage Mobile Prestige",
  shortName: "Prestige",
  phone: "450 555-0142",
  phoneHref: "+14505550142",
  /** The vanity forms the copy action offers (docs/product.md, section 9). */
  phoneVanity: ["450-555-0142", "1 450 555-0142"],
  email: "bonjour@lavageprestige.ca",
  privacyOfficer: "Responsable de la protection des renseignements personnels",
  privacyEmail: "vieprivee@lavageprestige.ca",
  /** The person in charge of personal information, named on the privacy page (Quebec's Law 25). */
  privacyOfficerName: "Marie-Claude Bélanger",
  /** Head office, the postal contact of the legal pages. */
  address: {
    street: "123, rue Principale",
    city: "Granby",
    province: "Québec",
    postalCode: "J2G 2T5",
  },
  /** The same address on one line, in the Canadian French form. */
  postalAddress: "123, rue Principale, Granby (Québec) J2G 2T5",
  social: {
    facebook: "https://www.facebook.com/lavageprestige",
    instagram: "https://www.instagram.com/lavageprestige",
    tiktok: "https://www.tiktok.com/@lavageprestige",
  },
  /** When the teams wash and the phone is answered (the seeded availability is weekdays 9-17). */
  serviceHours: [
    { days: "Du lundi au vendredi", hours: "9 h à 17 h" },
    { days: "Samedi et dimanche", hours: "Fermé" },
  ],
} as const;
