/** The landing sections of the home page, in page order (docs/product.md, section 2). */
export const SECTIONS = ["home", "about", "services", "gallery", "reviews", "franchise", "contact"] as const;

/** Below `sm` the name wraps onto two lines, leaving room for the header's buttons. */
export const BRAND_NAME_NARROW = "max-sm:max-w-28 max-sm:text-sm max-sm:whitespace-normal";
