/** The business identity shown in the chrome, legal pages and messages: one place to change it. */
export const BUSINESS = {
  name: "Lavage Mobile Prestige",
  shortName: "Prestige",
  phone: "450 555-0142",
  phoneHref: "+14505550142",
  /** The vanity forms the copy action offers (spec section 9). */
  phoneVanity: ["450-555-0142", "1 450 555-0142"],
  email: "bonjour@lavageprestige.ca",
  privacyOfficer: "Responsable de la protection des renseignements personnels",
  privacyEmail: "vieprivee@lavageprestige.ca",
  social: {
    facebook: "https://www.facebook.com/lavageprestige",
    instagram: "https://www.instagram.com/lavageprestige",
    tiktok: "https://www.tiktok.com/@lavageprestige",
  },
  copyrightYear: 2024,
  timeZone: "America/Toronto",
} as const;
