import { Clock, Mail, Phone } from "lucide-react";
import {
  lazy,
  Suspense,
  useEffect,
  useRef,
  type ComponentType,
  type ReactNode,
  type RefObject,
  type SVGProps,
} from "react";

import { BUSINESS } from "~/lib/business";
import { contactMessages } from "~/lib/messages/contact.fr";

import { PhoneCopyButton } from "./phone-copy-button";

const c = contactMessages;

// The form is in the page's HTML (it posts without JavaScript), but in the browser its code and the
// validation library load apart from the page's, so that the home page's first scripts stay small
// (ADR 040). The server imports it before any render; a static import would put it back among the
// browser's page scripts.
const serverModule = import.meta.env.SSR ? await import("./contact-form") : null;
// In the browser that code waits until the section comes near the screen or the visitor first
// presses, taps or types anywhere (ADR 054): until then React leaves the server's HTML of the
// form as it is (a suspended boundary keeps it), and that form posts without JavaScript. Any
// interaction opens the gate, so that no navigation waits on a form that is still loading.
let openGate = () => {};
const gate = new Promise<void>((resolve) => {
  openGate = resolve;
});
const ContactForm =
  serverModule?.ContactForm ??
  lazy(() => gate.then(() => import("./contact-form")).then((module) => ({ default: module.ContactForm })));

const INTERACTIONS = ["pointerdown", "keydown", "focusin", "wheel", "touchstart"] as const;

/** Opens the gate once `element` comes within 400 px of the screen, or on the first interaction. */
function useLoadFormWhenNear(element: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const target = element.current;
    if (!target || typeof IntersectionObserver === "undefined") return openGate();
    const stop = () => {
      observer.disconnect();
      for (const type of INTERACTIONS) window.removeEventListener(type, open, true);
    };
    const open = () => {
      stop();
      openGate();
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) open();
      },
      { rootMargin: "400px 0px" },
    );
    observer.observe(target);
    for (const type of INTERACTIONS) window.addEventListener(type, open, { capture: true, passive: true });
    return stop;
  }, [element]);
}

function ContactItem({
  Icon,
  title,
  children,
}: {
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
  title: string;
  children: ReactNode;
}) {
  return (
    <li className="flex gap-4">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="grid min-w-0 gap-1">
        <h3 className="font-semibold">{title}</h3>
        {children}
      </div>
    </li>
  );
}

/** The home page's 'Contact' section: the form, the phone number with its copy button, e-mail and hours. */
export function ContactSection() {
  const formBox = useRef<HTMLDivElement>(null);
  useLoadFormWhenNear(formBox);
  return (
    <section id="contact" aria-labelledby="contact-title" className="scroll-mt-24 py-16 sm:py-24">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 lg:grid-cols-[2fr_3fr] lg:gap-16">
        <div>
          <h2 id="contact-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            {c.title}
          </h2>
          <p className="mt-4 text-lg text-muted-foreground">{c.description}</p>
          <ul className="mt-10 grid gap-8">
            <ContactItem Icon={Phone} title={c.callUs}>
              <div className="flex flex-wrap items-center gap-3">
                <a
                  href={`tel:${BUSINESS.phoneHref}`}
                  className="text-lg font-medium underline-offset-4 hover:underline"
                >
                  {BUSINESS.phone}
                </a>
                <PhoneCopyButton />
              </div>
            </ContactItem>
            <ContactItem Icon={Mail} title={c.writeUs}>
              <a
                href={`mailto:${BUSINESS.email}`}
                className="font-medium break-all underline-offset-4 hover:underline"
              >
                {BUSINESS.email}
              </a>
            </ContactItem>
            <ContactItem Icon={Clock} title={c.hours}>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-muted-foreground">
                {BUSINESS.serviceHours.map(({ days, hours }) => (
                  <div key={days} className="contents">
                    <dt>{days}</dt>
                    <dd>{hours}</dd>
                  </div>
                ))}
              </dl>
            </ContactItem>
          </ul>
        </div>
        <div ref={formBox} className="rounded-xl border bg-card p-6 text-card-foreground shadow-sm sm:p-8">
          <Suspense>
            <ContactForm />
          </Suspense>
        </div>
      </div>
    </section>
  );
}
