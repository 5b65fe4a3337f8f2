/**
 * The gallery page and its viewer. Imported as `galleryMessages` where used (not in `messages`: ADR
 * 054).
 */
export const galleryMessages = {
  title: "Galerie de nos réalisations",
  loading: "Chargement des images...",
  loaded: (count: number) => `${count} réalisations affichées`,
  open: (id: number) => `Agrandir la réalisation ${id}`,
  viewerTitle: "Visionneuse de la galerie",
  viewerHelp: "Flèches gauche et droite : image précédente ou suivante. Z : zoom. Échap : fermer.",
  position: (index: number, count: number) => `Image ${index} sur ${count}`,
  previous: "Image précédente",
  next: "Image suivante",
  zoomIn: "Agrandir",
  zoomOut: "Réduire",
  imageLoading: "Chargement de l'image...",
  book: "Réserver maintenant",
} as const;
