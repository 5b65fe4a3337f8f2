import { BUSINESS } from "~/lib/business";

export function SiteFooter() {
  return (
    <footer className="border-t py-6 text-center text-sm text-muted-foreground">
      © {BUSINESS.copyrightYear} {BUSINESS.name}
    </footer>
  );
}
