/** The catalogue and network every installation starts with (idempotent seed). */

export const SERVICES = [
  {
    slug: "lavage-signature",
    name: "Lavage Signature",
    description:
      "Lavage extérieur à la main, nettoyage intérieur complet, vitres, jantes et pneus, " +
      "aspirateur et finition des plastiques, chez vous ou au bureau.",
    basePriceCents: 14999,
    durationMinutes: 90,
    sortOrder: 1,
  },
] as const;

/**
 * The signature wash's checklist (ADR 088): seeded once, when the service has never had a step;
 * the admin edits it afterwards (a removed step is archived, so it never comes back).
 */
export const SIGNATURE_CHECKLIST = [
  { label: "Tour du véhicule : dommages existants notés", required: true },
  { label: "Prélavage et lavage extérieur à la main", required: true },
  { label: "Jantes et pneus nettoyés", required: true },
  { label: "Vitres intérieures et extérieures", required: true },
  { label: "Aspirateur : sièges, tapis et coffre", required: true },
  { label: "Finition des plastiques intérieurs", required: true },
  { label: "Parfum d'ambiance (si le client le souhaite)", required: false },
  { label: "Tour final avec le client", required: false },
] as const;

export const UPSELLS = [
  {
    slug: "aquapel",
    name: "Traitement Aquapel",
    description: "Traitement hydrofuge du pare-brise : meilleure visibilité sous la pluie jusqu'à 6 mois.",
    priceCents: 2000,
    image: "/upsells/aquapel.webp",
    isPopular: true,
    sortOrder: 1,
  },
  {
    slug: "protecteur-cuir",
    name: "Protecteur à cuir",
    description: "Nettoyage et hydratation des sièges en cuir, protection contre les taches et le soleil.",
    priceCents: 2500,
    image: "/upsells/protecteur-cuir.webp",
    isPopular: false,
    sortOrder: 2,
  },
  {
    slug: "cire-liquide",
    name: "Cire liquide",
    description: "Cire de protection appliquée à la main : brillance profonde et déperlance durable.",
    priceCents: 5000,
    image: "/upsells/cire-liquide.webp",
    isPopular: false,
    sortOrder: 3,
  },
] as const;

/** docs/product-decisions.md, 'Zones and regions'; centres from docs/geodata.md. */
export const ZONES = [
  {
    routeSlug: "granby",
    zoneName: "Granby",
    centerLatitude: 45.4001,
    centerLongitude: -72.7324,
    status: "active",
    statusLabel: null,
  },
  {
    routeSlug: "sherbrooke",
    zoneName: "Sherbrooke",
    centerLatitude: 45.4001,
    centerLongitude: -71.8991,
    status: "active",
    statusLabel: null,
  },
  {
    routeSlug: "gatineau",
    zoneName: "Gatineau",
    centerLatitude: 45.4281,
    centerLongitude: -75.7107,
    status: "active",
    statusLabel: null,
  },
  {
    routeSlug: "trois-rivieres",
    zoneName: "Trois-Rivières",
    centerLatitude: 46.3431,
    centerLongitude: -72.5433,
    status: "seeking_franchisee",
    // No dated label: a date goes stale (ADR 046); the site shows "Bientôt disponible".
    statusLabel: null,
  },
] as const;

/** One franchisee per active zone, with its team (weekday availability 09:00-17:00). */
export const FRANCHISEES = [
  {
    zoneSlug: "granby",
    businessName: "Prestige Granby",
    email: "granby@lavageprestige.ca",
    firstName: "Julie",
    lastName: "Tremblay",
    phone: "450 555-0110",
    team: [
      {
        firstName: "Marc-André",
        lastName: "Gagnon",
        email: "marc-andre.gagnon@lavageprestige.ca",
        phone: "450 555-0111",
      },
      {
        firstName: "Sophie",
        lastName: "Bergeron",
        email: "sophie.bergeron@lavageprestige.ca",
        phone: "450 555-0112",
      },
      { firstName: "Kevin", lastName: "Pelletier", email: "kevin.pelletier@lavageprestige.ca", phone: null },
    ],
  },
  {
    zoneSlug: "sherbrooke",
    businessName: "Prestige Sherbrooke",
    email: "sherbrooke@lavageprestige.ca",
    firstName: "Étienne",
    lastName: "Roy",
    phone: "819 555-0120",
    team: [
      {
        firstName: "Camille",
        lastName: "Côté",
        email: "camille.cote@lavageprestige.ca",
        phone: "819 555-0121",
      },
      { firstName: "Olivier", lastName: "Lavoie", email: "olivier.lavoie@lavageprestige.ca", phone: null },
    ],
  },
  {
    zoneSlug: "gatineau",
    businessName: "Prestige Gatineau",
    email: "gatineau@lavageprestige.ca",
    firstName: "Nadia",
    lastName: "Lefebvre",
    phone: "819 555-0130",
    team: [
      {
        firstName: "Gabriel",
        lastName: "Morin",
        email: "gabriel.morin@lavageprestige.ca",
        phone: "819 555-0131",
      },
      { firstName: "Léa", lastName: "Fortin", email: "lea.fortin@lavageprestige.ca", phone: "819 555-0132" },
    ],
  },
] as const;

export const WEEKDAYS = [1, 2, 3, 4, 5] as const;
export const DEFAULT_AVAILABILITY = { startTime: "09:00", endTime: "17:00" } as const;

export const INVENTORY = [
  {
    sku: "SAV-SHP-4L",
    category: "Nettoyants",
    name: "Shampooing pH neutre concentré",
    description: "Shampooing moussant sans cire pour lavage à la main, dilution 1:400.",
    unitType: "bidon 4 L",
    unitPriceCents: 3899,
  },
  {
    sku: "NET-APC-4L",
    category: "Nettoyants",
    name: "Nettoyant tout usage",
    description: "Dégraissant polyvalent pour plastiques, caoutchoucs et tapis, biodégradable.",
    unitType: "bidon 4 L",
    unitPriceCents: 2949,
  },
  {
    sku: "NET-JNT-1L",
    category: "Nettoyants",
    name: "Nettoyant à jantes sans acide",
    description: "Gel qui dissout la poussière de frein, sans danger pour les jantes vernies.",
    unitType: "bouteille 1 L",
    unitPriceCents: 1875,
  },
  {
    sku: "NET-VIT-1L",
    category: "Nettoyants",
    name: "Nettoyant à vitres sans ammoniaque",
    description: "Sans traces, compatible avec les vitres teintées.",
    unitType: "bouteille 1 L",
    unitPriceCents: 1199,
  },
  {
    sku: "PRO-CIR-500",
    category: "Protection",
    name: "Cire liquide carnauba",
    description: "Cire de finition pour l'option Cire liquide, protection jusqu'à 3 mois.",
    unitType: "bouteille 500 mL",
    unitPriceCents: 3450,
  },
  {
    sku: "PRO-AQU-KIT",
    category: "Protection",
    name: "Trousse Aquapel (6 applications)",
    description: "Applicateurs hydrofuges pour pare-brise, option Traitement Aquapel.",
    unitType: "boîte de 6",
    unitPriceCents: 5400,
  },
  {
    sku: "PRO-CUI-250",
    category: "Protection",
    name: "Protecteur à cuir",
    description: "Nettoie, nourrit et protège le cuir contre les UV, fini mat.",
    unitType: "bouteille 250 mL",
    unitPriceCents: 2295,
  },
  {
    sku: "PRO-PNE-1L",
    category: "Protection",
    name: "Lustrant à pneus à base d'eau",
    description: "Fini satiné sans éclaboussures, ne brunit pas le caoutchouc.",
    unitType: "bouteille 1 L",
    unitPriceCents: 1650,
  },
  {
    sku: "ACC-MFB-12",
    category: "Accessoires",
    name: "Serviettes microfibre 40 x 40 cm",
    description: "Microfibre 350 g/m² sans bordure pour la finition et les vitres.",
    unitType: "paquet de 12",
    unitPriceCents: 2799,
  },
  {
    sku: "ACC-GNT-2",
    category: "Accessoires",
    name: "Gants de lavage en microfibre",
    description: "Gants à longues fibres pour un lavage sans rayures.",
    unitType: "paquet de 2",
    unitPriceCents: 1499,
  },
  {
    sku: "ACC-BRS-SET",
    category: "Accessoires",
    name: "Ensemble de pinceaux de détaillage",
    description: "5 pinceaux en poils synthétiques pour bouches d'aération et emblèmes.",
    unitType: "ensemble",
    unitPriceCents: 2199,
  },
  {
    sku: "EQP-PUL-1",
    category: "Équipement",
    name: "Pulvérisateur à pression 1,5 L",
    description: "Pulvérisateur résistant aux solvants, buse réglable.",
    unitType: "unité",
    unitPriceCents: 2450,
  },
  {
    sku: "EQP-SEA-2",
    category: "Équipement",
    name: "Seaux de lavage avec grille",
    description: "Seaux de 20 L avec grille anti-saleté pour la méthode des deux seaux.",
    unitType: "paquet de 2",
    unitPriceCents: 4299,
  },
  {
    sku: "EQP-ASP-FLT",
    category: "Équipement",
    name: "Filtres HEPA pour aspirateur",
    description: "Filtres de remplacement pour aspirateur portatif de l'équipe.",
    unitType: "paquet de 3",
    unitPriceCents: 3199,
  },
] as const;

export const REWARDS = [
  {
    name: "Désodorisant d'habitacle offert",
    description: "Un désodorisant d'habitacle longue durée laissé dans votre véhicule.",
    pointsCost: 150,
  },
  {
    name: "Traitement Aquapel offert",
    description: "Un traitement hydrofuge du pare-brise gratuit à votre prochain lavage.",
    pointsCost: 200,
  },
  {
    name: "Rabais de 10 $",
    description: "10 $ de rabais sur votre prochain Lavage Signature.",
    pointsCost: 300,
  },
  {
    name: "Protecteur à cuir offert",
    description: "Le traitement du cuir offert à votre prochain rendez-vous.",
    pointsCost: 350,
  },
  {
    name: "Cire liquide offerte",
    description: "La cire liquide appliquée gratuitement à votre prochain lavage.",
    pointsCost: 600,
  },
  {
    name: "Lavage Signature à moitié prix",
    description: "50 % de rabais sur un Lavage Signature pour un véhicule.",
    pointsCost: 900,
  },
  {
    name: "Lavage Signature gratuit",
    description: "Un Lavage Signature complet offert pour un véhicule.",
    pointsCost: 1500,
  },
] as const;

export const DEMO_PASSWORD = "Demo12345!";
export const DEMO_ACCOUNTS = [
  { email: "admin@example.com", role: "admin", firstName: "Alex", lastName: "Administrateur" },
  { email: "franchisee@example.com", role: "franchisee", firstName: "Julie", lastName: "Tremblay" },
  { email: "client@example.com", role: "client", firstName: "Catherine", lastName: "Client" },
  { email: "crew@example.com", role: "crew", firstName: "Samuel", lastName: "Lachance" },
] as const;
/** The demo franchisee runs this zone (docs/http-api.md, 'Configuration'). */
export const DEMO_FRANCHISEE_ZONE = "granby";

/**
 * A realistic past for the demo client only (seeded with the demo accounts): washes completed
 * by the Granby team, so the customer space shows a history, +50 points per wash in the ledger,
 * the first-wash achievement and enough points for the cheapest reward. Fixed booking ids keep
 * the seed idempotent.
 */
export const DEMO_CLIENT_HISTORY = {
  address: "45, rue Dufferin, Granby",
  postalCode: "J2G 4W9",
  phone: "+14505550199",
  /** Days before the seeding day, and the booking id of each completed wash (10 h local time). */
  washes: [
    { daysAgo: 42, bookingId: "demohist01" },
    { daysAgo: 14, bookingId: "demohist02" },
  ],
  /**
   * Demo content only (demo accounts on, ADR 049): the demo client's reviews of those washes,
   * written the day after each, published with consent. Never seeded without demo accounts.
   */
  reviews: [
    {
      bookingId: "demohist01",
      rating: 4,
      comment:
        "Auto impeccable à l'intérieur. L'équipe est arrivée un peu après l'heure prévue, mais avait prévenu.",
    },
    {
      bookingId: "demohist02",
      rating: 5,
      comment: "Deuxième lavage, toujours aussi soigné. Les jantes n'ont jamais été aussi propres.",
    },
  ],
  /** The demo client joined this many days before the seeding day. */
  joinedDaysAgo: 60,
} as const;
