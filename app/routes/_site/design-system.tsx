import {
  CalendarCheck,
  LayoutDashboard,
  LogOut,
  Menu,
  Pencil,
  Plus,
  Sparkles,
  Trash2,
  User,
} from "lucide-react";
import { useState, type ReactNode } from "react";
import { Link, type MetaFunction } from "react-router";

import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import {
  Breadcrumb,
  BreadcrumbItem,
  BreadcrumbLink,
  BreadcrumbList,
  BreadcrumbPage,
  BreadcrumbSeparator,
} from "~/components/ui/breadcrumb";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import type { SelectOption } from "~/components/ui/combobox";
import { ConfirmProvider, useConfirm } from "~/components/ui/confirm-dialog";
import { DatePicker } from "~/components/ui/date-picker";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { MultiSelect } from "~/components/ui/multi-select";
import { Progress } from "~/components/ui/progress";
import { RadioGroup, RadioGroupItem } from "~/components/ui/radio-group";
import { SearchSelect } from "~/components/ui/search-select";
import {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectTrigger,
  SelectValue,
} from "~/components/ui/select";
import { Separator } from "~/components/ui/separator";
import {
  Sheet,
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from "~/components/ui/sheet";
import { Skeleton } from "~/components/ui/skeleton";
import { Spinner } from "~/components/ui/spinner";
import { Stepper } from "~/components/ui/stepper";
import { Switch } from "~/components/ui/switch";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/components/ui/toast";
import { Tooltip } from "~/components/ui/tooltip";

export const meta: MetaFunction = () => [
  { title: "Système de design | Lavage Mobile Prestige" },
  { name: "robots", content: "noindex" },
];

/** Tab names fixed by the spec (section 2, /design-system). */
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

function Demo({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center gap-3">{children}</CardContent>
    </Card>
  );
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function CoreDemo() {
  return (
    <>
      <Demo title="Boutons">
        <Button>Réserver maintenant</Button>
        <Button variant="secondary">Secondaire</Button>
        <Button variant="outline">Contour</Button>
        <Button variant="ghost">Discret</Button>
        <Button variant="link">Lien</Button>
        <Button variant="destructive">Supprimer</Button>
        <Button disabled>Désactivé</Button>
        <Button loading>Envoi en cours</Button>
      </Demo>
      <Demo title="Tailles">
        <Button size="sm">Petit</Button>
        <Button>Moyen</Button>
        <Button size="lg">Grand</Button>
        <Button size="icon" aria-label="Ajouter">
          <Plus aria-hidden="true" />
        </Button>
        <Button asChild variant="outline">
          <Link to="/">Lien stylé en bouton</Link>
        </Button>
      </Demo>
      <Demo title="Pastilles">
        <Badge>Par défaut</Badge>
        <Badge variant="secondary">2 véhicules</Badge>
        <Badge variant="success">Terminé</Badge>
        <Badge variant="destructive">Annulé</Badge>
        <Badge variant="outline">Programmé</Badge>
        <Badge variant="secondary">
          <Sparkles aria-hidden="true" /> Populaire
        </Badge>
      </Demo>
      <Demo title="Indicateur de chargement">
        <Spinner />
        <Spinner className="size-6 text-primary" />
        <span className="inline-flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner label={null} /> Chargement des images...
        </span>
      </Demo>
    </>
  );
}

const COUNTRY_CODES: SelectOption[] = [
  { value: "CA", label: "Canada", prefix: "+1", group: "Amériques" },
  { value: "US", label: "États-Unis", prefix: "+1", group: "Amériques" },
  { value: "HT", label: "Haïti", prefix: "+509", group: "Amériques" },
  { value: "MX", label: "Mexique", prefix: "+52", group: "Amériques" },
  { value: "BE", label: "Belgique", prefix: "+32", group: "Europe" },
  { value: "FR", label: "France", prefix: "+33", group: "Europe" },
  { value: "CH", label: "Suisse", prefix: "+41", group: "Europe" },
  { value: "MA", label: "Maroc", prefix: "+212", group: "Afrique" },
  { value: "SN", label: "Sénégal", prefix: "+221", group: "Afrique" },
];

const WEEK_DAYS: SelectOption[] = [
  "dimanche",
  "lundi",
  "mardi",
  "mercredi",
  "jeudi",
  "vendredi",
  "samedi",
].map((day, index) => ({ value: String(index), label: day }));

function FormsDemo() {
  const [email, setEmail] = useState("");
  const [country, setCountry] = useState("CA");
  const [days, setDays] = useState<string[]>(["1", "2"]);
  const [date, setDate] = useState("");
  const emailError = email && !email.includes("@") ? "Veuillez entrer une adresse e-mail valide." : null;

  return (
    <>
      <Demo title="Champs de texte">
        <div className="grid w-full gap-4 sm:grid-cols-2">
          <Field label="Adresse e-mail" error={emailError} required>
            <Input
              type="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              placeholder="vous@exemple.ca"
            />
          </Field>
          <Field label="Code postal" description="Par exemple : J2G 1A1">
            <Input autoComplete="postal-code" />
          </Field>
          <Field label="Message" className="sm:col-span-2">
            <Textarea placeholder="Comment pouvons-nous vous aider ?" />
          </Field>
        </div>
      </Demo>
      <Demo title="Listes de choix">
        <div className="grid w-full gap-4 sm:grid-cols-2">
          <Field label="Rayon de service">
            <Select defaultValue="less_20km">
              <SelectTrigger>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectGroup>
                  <SelectLabel>Distance</SelectLabel>
                  <SelectItem value="less_20km">Moins de 20 km</SelectItem>
                  <SelectItem value="20-40km">De 20 à 40 km</SelectItem>
                  <SelectItem value="more_40km">Plus de 40 km</SelectItem>
                </SelectGroup>
              </SelectContent>
            </Select>
          </Field>
          <Field label="Indicatif téléphonique" description={`Valeur : ${country || "aucune"}`}>
            <SearchSelect options={COUNTRY_CODES} value={country} onValueChange={setCountry} />
          </Field>
          <Field label="Jours de disponibilité" description="5 jours au maximum.">
            <MultiSelect options={WEEK_DAYS} value={days} onValueChange={setDays} max={5} />
          </Field>
          <Field label="Date du lavage" description={`Valeur transmise : ${date || "aucune"}`}>
            <DatePicker value={date} onValueChange={setDate} />
          </Field>
        </div>
      </Demo>
      <Demo title="Cases, interrupteurs et boutons radio">
        <div className="grid w-full gap-6 sm:grid-cols-3">
          <div className="grid content-start gap-3">
            <Field label="J'accepte la vérification des antécédents" orientation="horizontal">
              <Checkbox />
            </Field>
            <Field label="Recevoir les offres par texto" orientation="horizontal">
              <Checkbox defaultChecked />
            </Field>
          </div>
          <Field label="Rappel 24 h avant le rendez-vous" orientation="horizontal">
            <Switch defaultChecked />
          </Field>
          <Field label="Permis de conduire valide ?">
            <RadioGroup defaultValue="oui" className="flex gap-6">
              {["Oui", "Non"].map((answer) => (
                <div key={answer} className="flex items-center gap-2">
                  <RadioGroupItem value={answer.toLowerCase()} id={`permis-${answer}`} />
                  <Label htmlFor={`permis-${answer}`}>{answer}</Label>
                </div>
              ))}
            </RadioGroup>
          </Field>
        </div>
      </Demo>
    </>
  );
}

function FeedbackDemo() {
  return (
    <>
      <Demo title="Alertes">
        <div className="grid w-full gap-3">
          <Alert variant="info">
            <AlertTitle>Bon à savoir</AlertTitle>
            <AlertDescription>Un rappel vous est envoyé 24 h avant le rendez-vous.</AlertDescription>
          </Alert>
          <Alert variant="success">
            <AlertTitle>Adresse desservie</AlertTitle>
            <AlertDescription>Bonne nouvelle : nous desservons Granby.</AlertDescription>
          </Alert>
          <Alert variant="destructive">
            <AlertTitle>Problème de connexion</AlertTitle>
            <AlertDescription>
              Nous n&apos;arrivons pas à charger le formulaire de réservation. Veuillez réessayer.
            </AlertDescription>
          </Alert>
        </div>
      </Demo>
      <Demo title="Barres de progression">
        <div className="grid w-full gap-4">
          {[
            { label: "Niveau Bronze vers Argent", value: 30 },
            { label: "Chargement du formulaire", value: 90 },
            { label: "Niveau Max", value: 100 },
          ].map((bar) => (
            <div key={bar.label} className="grid gap-2">
              <div className="flex justify-between text-sm">
                <span>{bar.label}</span>
                <span className="text-muted-foreground">{bar.value} %</span>
              </div>
              <Progress value={bar.value} aria-label={bar.label} />
            </div>
          ))}
        </div>
      </Demo>
      <Demo title="Écran d'erreur">
        <ErrorScreenDemo />
      </Demo>
      <Demo title="Squelettes de chargement">
        <div className="flex w-full items-center gap-4">
          <Skeleton className="size-12 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        </div>
      </Demo>
    </>
  );
}

/** Throws while rendering, so the page shows the app's error screen and its 'Réessayer' button. */
function ErrorScreenDemo() {
  const [broken, setBroken] = useState(false);
  if (broken) throw new Error("Erreur de démonstration du système de design");
  return (
    <Button variant="outline" onClick={() => setBroken(true)}>
      Afficher l&apos;écran d&apos;erreur
    </Button>
  );
}

function LayoutDemo() {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle as="h2">Réservation Express</CardTitle>
            <CardDescription>Réservez votre prochain lavage en deux étapes.</CardDescription>
          </CardHeader>
          <CardContent>
            <p className="text-2xl font-bold">149,99 $</p>
            <p className="text-sm text-muted-foreground">par véhicule, avant taxes</p>
          </CardContent>
          <CardFooter>
            <Button className="w-full">
              <CalendarCheck aria-hidden="true" /> Réserver maintenant
            </Button>
          </CardFooter>
        </Card>
        <Card aria-hidden="true">
          <CardHeader>
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-4 w-3/4" />
          </CardHeader>
          <CardContent className="grid gap-2">
            <Skeleton className="h-8 w-1/3" />
            <Skeleton className="h-4 w-1/2" />
          </CardContent>
          <CardFooter>
            <Skeleton className="h-10 w-full" />
          </CardFooter>
        </Card>
      </div>
      <Demo title="Séparateurs">
        <div className="grid w-full gap-4">
          <p className="text-sm">Au-dessus du séparateur horizontal</p>
          <Separator />
          <div className="flex h-6 items-center gap-4 text-sm">
            <span>Granby</span>
            <Separator orientation="vertical" />
            <span>Sherbrooke</span>
            <Separator orientation="vertical" />
            <span>Gatineau</span>
          </div>
        </div>
      </Demo>
    </>
  );
}

const APPLICATION_STEPS = [
  { label: "Personnel" },
  { label: "Professionnel" },
  { label: "Références" },
  { label: "Soumission" },
];

function NavigationDemo() {
  const [current, setCurrent] = useState(1);
  const [completed, setCompleted] = useState<number[]>([0]);
  const last = APPLICATION_STEPS.length - 1;

  function next() {
    setCompleted((done) => (done.includes(current) ? done : [...done, current]));
    setCurrent((step) => Math.min(step + 1, last));
  }

  return (
    <>
      <Demo title="Étapes (candidature de franchise)">
        <div className="grid w-full gap-6">
          <Stepper
            steps={APPLICATION_STEPS}
            current={current}
            completed={completed}
            onStepClick={setCurrent}
          />
          <div className="flex justify-between gap-2">
            <Button
              variant="outline"
              disabled={current === 0}
              onClick={() => setCurrent((step) => Math.max(step - 1, 0))}
            >
              Précédent
            </Button>
            {current < last ? <Button onClick={next}>Suivant</Button> : null}
          </div>
        </div>
      </Demo>
      <Demo title="Onglets">
        <Tabs defaultValue="connexion" className="w-full max-w-md">
          <TabsList className="grid w-full grid-cols-2">
            <TabsTrigger value="connexion">Connexion</TabsTrigger>
            <TabsTrigger value="inscription">Inscription</TabsTrigger>
          </TabsList>
          <TabsContent value="connexion" className="text-sm text-muted-foreground">
            Contenu de l&apos;onglet Connexion.
          </TabsContent>
          <TabsContent value="inscription" className="text-sm text-muted-foreground">
            Contenu de l&apos;onglet Inscription.
          </TabsContent>
        </Tabs>
      </Demo>
      <Demo title="Fil d'Ariane">
        <Breadcrumb>
          <BreadcrumbList>
            <BreadcrumbItem>
              <BreadcrumbLink asChild>
                <Link to="/">Accueil</Link>
              </BreadcrumbLink>
            </BreadcrumbItem>
            <BreadcrumbSeparator />
            <BreadcrumbItem>
              <BreadcrumbPage>Réservation</BreadcrumbPage>
            </BreadcrumbItem>
          </BreadcrumbList>
        </Breadcrumb>
      </Demo>
    </>
  );
}

function OverlaysDemo() {
  return (
    <>
      <Demo title="Fenêtre de dialogue">
        <Dialog>
          <DialogTrigger asChild>
            <Button variant="outline">Contactez-nous</Button>
          </DialogTrigger>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>Contactez-nous</DialogTitle>
              <DialogDescription>Nous vous répondrons sous peu.</DialogDescription>
            </DialogHeader>
            <Field label="Nom" required>
              <Input autoComplete="name" />
            </Field>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">Annuler</Button>
              </DialogClose>
              <DialogClose asChild>
                <Button>Envoyer</Button>
              </DialogClose>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      </Demo>
      <ConfirmDemo />
      <Demo title="Panneaux">
        <Sheet>
          <SheetTrigger asChild>
            <Button variant="outline">
              <Menu aria-hidden="true" /> Menu mobile
            </Button>
          </SheetTrigger>
          <SheetContent side="full">
            <SheetHeader>
              <SheetTitle>Menu</SheetTitle>
              <SheetDescription className="sr-only">Navigation du site</SheetDescription>
            </SheetHeader>
            <nav aria-label="Menu mobile" className="grid gap-1 text-lg">
              {["Accueil", "Services", "Galerie", "Avis", "Franchise", "Contact"].map((item) => (
                <SheetClose key={item} asChild>
                  <Button variant="ghost" className="justify-start text-lg">
                    {item}
                  </Button>
                </SheetClose>
              ))}
            </nav>
            <SheetFooter>
              <SheetClose asChild>
                <Button size="lg">Réserver maintenant</Button>
              </SheetClose>
            </SheetFooter>
          </SheetContent>
        </Sheet>
        <Sheet>
          <SheetTrigger asChild>
            <Button variant="outline">Panneau latéral</Button>
          </SheetTrigger>
          <SheetContent side="right">
            <SheetHeader>
              <SheetTitle>Ajouter un membre</SheetTitle>
              <SheetDescription>Les champs marqués d&apos;un astérisque sont requis.</SheetDescription>
            </SheetHeader>
            <Field label="Prénom" required>
              <Input autoComplete="given-name" />
            </Field>
            <Field label="Nom" required>
              <Input autoComplete="family-name" />
            </Field>
            <SheetFooter>
              <SheetClose asChild>
                <Button>Ajouter</Button>
              </SheetClose>
            </SheetFooter>
          </SheetContent>
        </Sheet>
      </Demo>
    </>
  );
}

function ConfirmDemo() {
  const confirm = useConfirm();
  const [result, setResult] = useState<string | null>(null);

  async function ask(type: "default" | "destructive") {
    const confirmed = await confirm(
      type === "destructive"
        ? {
            type,
            title: "Supprimer ce membre ?",
            description: "Le membre ne pourra plus recevoir de rendez-vous.",
            confirmText: "Supprimer",
            cancelText: "Annuler",
            icon: <Trash2 className="size-5" />,
            onConfirm: () => wait(1500),
          }
        : {
            type,
            title: "Confirmer la réservation ?",
            description: "Un courriel de confirmation vous sera envoyé.",
            confirmText: "Confirmer",
            cancelText: "Annuler",
            icon: <CalendarCheck className="size-5" />,
            onConfirm: () => wait(1500),
          },
    );
    setResult(confirmed ? "Confirmé" : "Annulé");
  }

  return (
    <Demo title="Confirmation">
      <Button onClick={() => void ask("default")}>Confirmation</Button>
      <Button variant="destructive" onClick={() => void ask("destructive")}>
        Confirmation destructive
      </Button>
      <p role="status" className="text-sm text-muted-foreground">
        {result ? `Résultat : ${result}` : null}
      </p>
    </Demo>
  );
}

function ActionsDemo() {
  const [saving, setSaving] = useState(false);

  async function save() {
    setSaving(true);
    await wait(1500);
    setSaving(false);
    toast({ title: "Modifications enregistrées" });
  }

  return (
    <>
      <Demo title="Menu déroulant">
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="outline">
              <User aria-hidden="true" /> Marie Tremblay
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent>
            <DropdownMenuLabel>Mon compte</DropdownMenuLabel>
            <DropdownMenuSeparator />
            <DropdownMenuGroup>
              <DropdownMenuItem onSelect={() => toast({ title: "Mon Espace Client" })}>
                <LayoutDashboard aria-hidden="true" /> Mon Espace Client
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => toast({ title: "Mes rendez-vous" })}>
                <CalendarCheck aria-hidden="true" /> Mes rendez-vous
              </DropdownMenuItem>
            </DropdownMenuGroup>
            <DropdownMenuSeparator />
            <DropdownMenuItem variant="destructive" onSelect={() => toast({ title: "Déconnexion" })}>
              <LogOut aria-hidden="true" /> Déconnexion
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </Demo>
      <Demo title="Action asynchrone">
        <Button loading={saving} onClick={() => void save()}>
          Enregistrer
        </Button>
      </Demo>
      <Demo title="Actions par icône, avec infobulle">
        <Tooltip content="Modifier">
          <Button variant="ghost" size="icon" aria-label="Modifier">
            <Pencil aria-hidden="true" />
          </Button>
        </Tooltip>
        <Tooltip content="Supprimer">
          <Button variant="ghost" size="icon" aria-label="Supprimer" className="text-destructive">
            <Trash2 aria-hidden="true" />
          </Button>
        </Tooltip>
      </Demo>
    </>
  );
}

function ToastsDemo() {
  return (
    <Demo title="Notifications (5 s par défaut)">
      <Button
        variant="outline"
        onClick={() => toast({ title: "Message envoyé", description: "Nous vous répondrons sous peu." })}
      >
        Notification
      </Button>
      <Button
        variant="destructive"
        onClick={() =>
          toast({
            variant: "destructive",
            title: "Échec de l'envoi",
            description: "Erreur lors de l'envoi du message",
          })
        }
      >
        Notification d&apos;erreur
      </Button>
      <Button
        variant="outline"
        onClick={() =>
          toast({
            title: "Commande soumise avec succès",
            description: "Cette notification reste affichée 10 secondes.",
            duration: 10_000,
          })
        }
      >
        Notification de 10 s
      </Button>
      <Button
        variant="outline"
        onClick={() =>
          toast({
            title: "Membre supprimé",
            action: { label: "Annuler", onClick: () => toast({ title: "Membre rétabli" }) },
          })
        }
      >
        Notification avec action
      </Button>
    </Demo>
  );
}
