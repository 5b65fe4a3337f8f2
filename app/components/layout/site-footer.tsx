import { Mail, Phone } from "lucide-react";
import { shopMessages } from "~/lib/messages/shop.fr";
import { useId, type ComponentType, type ReactNode, type SVGProps } from "react";
import { Link } from "react-router";

import { BUSINESS } from "~/lib/business";
import { messages } from "~/lib/messages.fr";

import { BrandLink } from "./brand-link";
import { FacebookIcon, InstagramIcon, TikTokIcon } from "./social-icons";

const t = messages.footer;

const SOCIAL: { network: string; href: string; Icon: ComponentType<SVGProps<SVGSVGElement>> }[] = [
  { network: "Facebook", href: BUSINESS.social.facebook, Icon: FacebookIcon },
  { network: "Instagram", href: BUSINESS.social.instagram, Icon: InstagramIcon },
  { network: "TikTok", href: BUSINESS.social.tiktok, Icon: TikTokIcon },
];

const EXPLORE = [
  { to: "/#services", label: t.services },
  { to: "/gallery", label: t.gallery },
  { to: "/cartes-cadeaux", label: t.giftCards },
  { to: "/boutique", label: shopMessages.nav },
  { to: "/application", label: t.partner },
];

const LEGAL = [
  { to: "/privacy-policy", label: t.privacy },
  { to: "/terms", label: t.terms },
];

const linkClasses =
  "rounded-sm text-muted-foreground underline-offset-4 transition-colors hover:text-foreground hover:underline";

function FooterColumn({
  title,
  children,
  asNav = false,
}: {
  title: string;
  children: ReactNode;
  asNav?: boolean;
}) {
  const headingId = useId();
  const Wrapper = asNav ? "nav" : "div";
  return (
    <Wrapper aria-labelledby={asNav ? headingId : undefined}>
      <h2 id={headingId} className="text-sm font-semibold tracking-wide text-foreground uppercase">
        {title}
      </h2>
      <ul className="mt-4 space-y-3 text-sm">{children}</ul>
    </Wrapper>
  );
}

/** The site footer: blurb, contact, social networks, useful and legal links, copyright (docs/product.md, section 1). */
/** The items of a column of site links. */
function FooterLinks({ links }: { links: readonly { to: string; label: string }[] }) {
  return links.map(({ to, label }) => (
    <li key={to}>
      <Link to={to} className={linkClasses}>
        {label}
      </Link>
    </li>
  ));
}

/** `year`: the current year, from the root loader (the server's clock, the business's time zone). */
export function SiteFooter({ year }: { year: number }) {
  return (
    <footer id="pied-de-page" className="border-t bg-card text-card-foreground">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-[1.6fr_1fr_1.2fr_1fr] lg:gap-8">
        <div className="space-y-4">
          <BrandLink />
          <p className="max-w-sm text-sm leading-relaxed text-muted-foreground">{t.blurb}</p>
          <div>
            <h2 className="sr-only">{t.social}</h2>
            <ul className="flex gap-2">
              {SOCIAL.map(({ network, href, Icon }) => (
                <li key={network}>
                  <a
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t.followOn(network)}
                    title={network}
                    className="flex size-10 items-center justify-center rounded-full border bg-background text-muted-foreground transition-colors hover:border-primary hover:text-primary"
                  >
                    <Icon className="size-5" />
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </div>

        <FooterColumn title={t.explore} asNav>
          <FooterLinks links={EXPLORE} />
        </FooterColumn>

        <FooterColumn title={t.contact}>
          <li>
            <a
              href={`tel:${BUSINESS.phoneHref}`}
              aria-label={t.call(BUSINESS.phone)}
              className={`inline-flex items-center gap-2 ${linkClasses}`}
            >
              <Phone aria-hidden="true" className="size-4 shrink-0 text-primary" />
              {BUSINESS.phone}
            </a>
          </li>
          <li>
            <a
              href={`mailto:${BUSINESS.email}`}
              aria-label={t.write(BUSINESS.email)}
              className={`inline-flex items-center gap-2 break-all ${linkClasses}`}
            >
              <Mail aria-hidden="true" className="size-4 shrink-0 text-primary" />
              {BUSINESS.email}
            </a>
          </li>
        </FooterColumn>

        <FooterColumn title={t.legal} asNav>
          <FooterLinks links={LEGAL} />
        </FooterColumn>
      </div>
      <div className="border-t">
        {/* Its bottom padding is the round contact button's space (ADR 047): scrolled to the end,
            nothing of the footer lies under the button. */}
        <p className="mx-auto max-w-6xl px-4 pt-6 pb-24 text-center text-sm text-muted-foreground sm:text-left">
          {t.rights(year, BUSINESS.name)}
        </p>
      </div>
    </footer>
  );
}
