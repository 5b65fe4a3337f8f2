/** A contact form as Léa sends it. */
export const CONTACT_MESSAGE = {
  name: "Léa Tremblay",
  email: "lea@example.com",
  phone: "450-555-0199",
  message: "Bonjour, faites-vous les camionnettes à Granby ?",
};
