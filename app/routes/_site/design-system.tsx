import { data, type MetaFunction } from "react-router";
import { ConfirmProvider } from "~/components/ui/confirm-dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { CoreDemo, FeedbackDemo, FormsDemo, LayoutDemo } from "~/components/design-system/demos-core";
import {
  ActionsDemo,
  NavigationDemo,
  OverlaysDemo,
  ToastsDemo,
} from "~/components/design-system/demos-interaction";
import { getSessionUser } from "~/server/auth.server";
import { env } from "~/server/env.server";
import type { Route } from "./+types/design-system";

export const meta: MetaFunction = () => [
  { title: "Système de design | Lavage Mobile Prestige" },
  { name: "robots", content: "noindex" },
];

/**
 * A page for the people who build the site, not for its visitors (issue 33, item 15): served in
 * development and to the admin; anyone else gets the 404 page, as for an address that is not one.
 */
export async function loader({ request }: Route.LoaderArgs) {
  if (env().isDevelopment || (await getSessionUser(request))?.role === "admin") return null;
  throw data(null, { status: 404 });
}

/** Tab names fixed by docs/product.md (section 2, /design-system). */
const SECTIONS = [
  { value: "core", label: "Core", Content: CoreDemo },
  { value: "forms", label: "Forms", Content: FormsDemo },
  { value: "feedback", label: "Feedback", Content: FeedbackDemo },
  { value: "layout", label: "Layout", Content: LayoutDemo },
  { value: "navigation", label: "Navigation", Content: NavigationDemo },
  { value: "overlays", label: "Overlays", Content: OverlaysDemo },
  { value: "actions", label: "Actions", Content: ActionsDemo },
  { value: "toasts", label: "Toasts", Content: ToastsDemo },
] as const;

export default function DesignSystemPage() {
  return (
    <ConfirmProvider>
      <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:py-14">
        <header className="mb-8 grid gap-2">
          <h1 className="text-3xl font-bold tracking-tight">Système de design</h1>
          <p className="text-muted-foreground">
            Vitrine des composants d&apos;interface du site, en mode clair comme en mode sombre.
          </p>
        </header>
        <Tabs defaultValue="core">
          <TabsList>
            {SECTIONS.map((section) => (
              <TabsTrigger key={section.value} value={section.value}>
                {section.label}
              </TabsTrigger>
            ))}
          </TabsList>
          {SECTIONS.map(({ value, Content }) => (
            <TabsContent key={value} value={value} className="grid gap-6">
              <Content />
            </TabsContent>
          ))}
        </Tabs>
      </div>
    </ConfirmProvider>
  );
}
