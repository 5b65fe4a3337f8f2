/** French text of saved vehicles and size classes (ADR 085); imported as `vehiclesMessages`. */
import { formatMoney } from "~/lib/format";

export const vehiclesMessages = {
  metaTitle: "Mes véhicules",
  title: "Mes véhicules",
  intro: "Enregistrez vos véhicules une fois : vous les choisirez en réservant, au prix de leur catégorie.",
  back: "Retour à mon espace",
  link: "Mes véhicules",
  linkText: "Vos véhicules enregistrés, choisis en un clic à la réservation.",
  empty: "Aucun véhicule enregistré pour le moment.",
  listLabel: "Véhicules enregistrés",
  addTitle: "Ajouter un véhicule",
  make: "Marque",
  model: "Modèle",
  year: "Année",
  colour: "Couleur",
  plate: "Plaque (facultatif)",
  sizeClass: "Catégorie",
  add: "Enregistrer le véhicule",
  added: "Véhicule enregistré",
  remove: "Retirer",
  removeLabel: (label: string) => `Retirer ${label}`,
  removed: "Véhicule retiré",
  plateShown: (plate: string) => `Plaque ${plate}`,
  required: "Ce champ est requis.",
  yearInvalid: (min: number, max: number) => `Entrez une année de ${min} à ${max}.`,
  sizeClassRequired: "Choisissez une catégorie.",
  unknownVehicle: "Ce véhicule ou cette catégorie n’existe plus. Choisissez de nouveau vos véhicules.",
  limit: (max: number) => `Vous pouvez enregistrer au plus ${max} véhicules. Retirez-en un d’abord.`,
  // The booking wizard (step 1) and its summary
  wizard: {
    savedLegend: "Vos véhicules",
    savedHint: (min: number, max: number) => `Choisissez de ${min} à ${max} véhicules.`,
    manage: "Ajouter ou modifier mes véhicules",
    sizeLegend: "Catégorie de chaque véhicule",
    sizeLabel: (index: number) => `Véhicule ${index}`,
    countInvalid: (min: number, max: number) => `Choisissez de ${min} à ${max} véhicules.`,
    addFromSpace: "Connectez-vous pour enregistrer vos véhicules et les choisir en un clic.",
  },
  /**
   * A booking's cars as rows of a summary (e-mails, .ics, receipts): 'Véhicule 2' and
   * 'VUS · Toyota RAV4 2022, gris : 179,99 $'.
   */
  rows: (cars: readonly { sizeClassName: string; label: string | null; priceCents: number }[]) =>
    cars.map((car, index): [string, string] => [
      `Véhicule ${index + 1}`,
      `${vehiclesMessages.line(car.sizeClassName, car.label)} : ${formatMoney(car.priceCents)}`,
    ]),
  /** One car of a booking: 'VUS · Toyota RAV4 2022, gris'. */
  line: (sizeClassName: string, label: string | null) =>
    label ? `${sizeClassName} · ${label}` : sizeClassName,
  difference: (cents: number) =>
    cents === 0 ? "même prix" : cents > 0 ? `+${formatMoney(cents)}` : `-${formatMoney(-cents)}`,
  // The franchisee's report
  report: {
    title: "Véhicules lavés par catégorie",
    sizeClass: "Catégorie",
    cars: "Véhicules",
    revenue: "Revenus (avant taxes et rabais)",
    csvHeader: ["Catégorie", "Véhicules", "Revenus (avant taxes et rabais)"],
  },
  // The admin's settings
  admin: {
    title: "Catégories de véhicules",
    intro:
      "Le prix d’un lavage dépend de la catégorie du véhicule : la différence s’ajoute au prix de base du service, par véhicule, avant les taxes. La catégorie standard garde le prix de base (une réservation sans catégorie, comme celles de l’API, l’utilise).",
    nav: "Catégories de véhicules",
    standard: "Standard",
    name: "Nom",
    active: "Offerte aux clients",
    inactive: "Retirée",
    difference: (service: string) => `Différence pour ${service} ($)`,
    basePrice: (price: string) => `Prix de base ${price}`,
    save: "Enregistrer",
    saved: "Catégorie enregistrée",
    addTitle: "Nouvelle catégorie",
    add: "Ajouter la catégorie",
    added: "Catégorie ajoutée",
    nameRequired: "Le nom est requis.",
    differenceInvalid: "Entrez un montant en dollars, par exemple 25 ou -10,50.",
    nameTaken: "Une catégorie porte déjà ce nom.",
  },
};
