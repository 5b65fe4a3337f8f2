/**
 * The day-then-time slot picker of the wizard and the manage page (issue 14, ADR 045). Imported as
 * `slotPickerMessages` where used (not in `messages`: ADR 054).
 */
export const slotPickerMessages = {
  dayLegend: "Choisissez un jour",
  dayHint: "Les jours grisés n'ont aucune heure libre.",
  dayKeysHint:
    "Au clavier : flèches gauche et droite pour le jour, haut et bas pour la semaine, Début et Fin pour le début et la fin de la semaine, Page précédente et Page suivante pour le mois.",
  closedDay: "aucune heure libre",
  chosenDay: "jour choisi",
  parts: { morning: "Matin", afternoon: "Après-midi", evening: "Soir" },
  noTimes: "Aucune heure libre ce jour-là. Choisissez un autre jour.",
  current: "actuel",
  currentLabel: (time: string) => `${time}, heure actuelle de votre rendez-vous`,
  currentNote: (when: string) => `Votre rendez-vous actuel : ${when}.`,
  chosen: (when: string) => `Votre choix : ${when}.`,
  nearestTitle: "Les heures libres les plus proches :",
  nearestNone: "Aucune autre heure libre dans les 30 prochains jours.",
  refreshing: "Mise à jour des heures libres...",
} as const;
