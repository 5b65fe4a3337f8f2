/** The home page's customer reviews: static, as in the spec (section 1). */
export interface Testimonial {
  name: string;
  /** The customer's town. */
  place: string;
  /** Every review shown is 5 out of 5. */
  rating: 5;
  text: string;
  /** Shown in the avatar circle. */
  initials: string;
}

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    name: "Marie-Ève Tremblay",
    place: "Granby",
    rating: 5,
    text: "J'ai réservé le soir pour le lendemain midi. L'équipe m'a écrit avant d'arriver, pile à l'heure, et mon VUS n'a jamais été aussi propre, tapis compris. Tout ça pendant que je travaillais de la maison!",
    initials: "MT",
  },
  {
    name: "Jean-François Gagnon",
    place: "Sherbrooke",
    rating: 5,
    text: "Avec deux enfants et un chien, l'intérieur de la fourgonnette était découragé. Plus une miette, plus un poil, et une odeur de propre qui dure. Je recommande sans hésiter.",
    initials: "JG",
  },
  {
    name: "Sophie Lavoie",
    place: "Gatineau",
    rating: 5,
    text: "Ils lavent mon auto dans le stationnement du bureau pendant mes réunions. Travail minutieux sur les jantes et les vitres, personnel courtois. C'est devenu mon rendez-vous de chaque saison.",
    initials: "SL",
  },
  {
    name: "Marc-André Bouchard",
    place: "Granby",
    rating: 5,
    text: "Après l'hiver, le calcium avait terni toute la carrosserie. Le lavage à la main lui a redonné son éclat et les bas de caisse sont comme neufs. Excellent rapport qualité-prix.",
    initials: "MB",
  },
  {
    name: "Isabelle Côté",
    place: "Sherbrooke",
    rating: 5,
    text: "Réservation en ligne en deux minutes, confirmation par courriel et rappel la veille. Le laveur a pris le temps de faire le tour de la voiture avec moi avant de partir. Du vrai service haut de gamme.",
    initials: "IC",
  },
  {
    name: "Karim Haddad",
    place: "Gatineau",
    rating: 5,
    text: "J'étais sceptique à l'idée d'un lavage à domicile, mais le résultat dépasse ce que j'obtenais au lave-auto. Et je n'ai pas perdu mon samedi matin à faire la file.",
    initials: "KH",
  },
];
