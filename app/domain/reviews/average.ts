/**
 * The average shown with one decimal, French style ("4,5"). Apart from reviews.ts, whose schemas
 * would bring zod into the home page's scripts (ADR 054).
 */
export function formatAverage(average: number): string {
  return new Intl.NumberFormat("fr-CA", { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    average,
  );
}
