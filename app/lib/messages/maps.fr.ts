/** The maps' texts (ADR 053): tiles from configuration, and placing a zone. */
export const mapsMessages = {
  noTiles: "Carte simplifiée, sans les rues : les noms de villes servent de repères.",
  /** For the admin only, who can have tiles configured; never a setting's name (ADR 103). */
  noTilesAdmin:
    "Aucun fond de carte n'est configuré pour le site : les rues n'apparaissent pas. Le guide d'installation explique comment en ajouter un.",
  openGoogle: "Ouvrir l'itinéraire dans Google Maps",
  openApple: "Ouvrir dans Apple Plans",
  /** Said to screen readers after a link's text when the page shows several members' routes. */
  forWho: (name: string) => `(${name})`,
  pickHint: "Cliquez sur la carte pour placer le centre de la zone, puis ajustez le rayon.",
  draft: "Nouvelle position",
  townSearch: "Chercher une ville",
  townSearchHint: "Les villes du Québec connues du site, sans connexion externe.",
  townSearchButton: "Chercher",
  townResults: "Villes trouvées",
  townNone: (text: string) => `Aucune ville ne correspond à « ${text} ».`,
  useTown: (name: string) => `Utiliser ${name}`,
  townUsed: (name: string) => `Centre placé sur ${name}.`,
  radiusKm: (km: string) => `${km} km`,
} as const;
