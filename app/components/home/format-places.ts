const places = new Intl.ListFormat("fr-CA", { style: "long", type: "conjunction" });

/** ['Granby', 'Sherbrooke', 'Gatineau'] -> 'Granby, Sherbrooke et Gatineau'. */
export function formatPlaces(names: readonly string[]): string {
  return places.format(names);
}
