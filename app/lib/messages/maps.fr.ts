/** The maps' texts (ADR 053): tiles from configuration, and placing a zone. */
export const mapsMessages = {
  noTiles:
    "Carte sans fond : aucun serveur de tuiles n'est configuré (MAP_TILE_URL). Les cercles montrent les zones, sans rues ni villes.",
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
