import { CalendarCheck, Plus, Sparkles } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Link } from "react-router";
import { SlotPicker, type SlotDay } from "~/components/booking/wizard/slot-picker";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import type { SelectOption } from "~/components/ui/combobox";
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
import { Skeleton } from "~/components/ui/skeleton";
import { Spinner } from "~/components/ui/spinner";
import { Switch } from "~/components/ui/switch";
import { Textarea } from "~/components/ui/textarea";
import {
  addDaysToDateString,
  BUSINESS_TIME_ZONE,
  dayOfWeekOf,
  formatIsoWithOffset,
  zonedWallTimeToInstant,
} from "~/domain/time/zoned";

/** The /design-system showcase: core, forms, feedback and layout tabs. */

export function Demo({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center gap-3">{children}</CardContent>
    </Card>
  );
}

export function CoreDemo() {
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

/**
 * Thirty days from Monday 2 March 2026 (the change to daylight time on the 8th included): Sundays
 * closed, every third Wednesday full, times every 90 minutes from 8 h (Saturdays until noon).
 */
const DEMO_SLOT_DAYS: SlotDay[] = Array.from({ length: 30 }, (_, index) => {
  const date = addDaysToDateString("2026-03-02", index);
  const weekday = dayOfWeekOf(date);
  const closed = weekday === 0 || (weekday === 3 && index % 3 === 2);
  const hours = closed ? [] : weekday === 6 ? [8, 9.5] : [8, 9.5, 11, 12.5, 14, 15.5, 17, 18.5];
  return {
    date,
    slots: hours.map((hour) => {
      const time = `${String(Math.floor(hour)).padStart(2, "0")}:${hour % 1 ? "30" : "00"}:00`;
      const start = zonedWallTimeToInstant(date, time, BUSINESS_TIME_ZONE);
      const end = new Date(start.getTime() + 90 * 60_000);
      return {
        start: formatIsoWithOffset(start, BUSINESS_TIME_ZONE),
        end: formatIsoWithOffset(end, BUSINESS_TIME_ZONE),
      };
    }),
  };
});

const WEEK_DAYS: SelectOption[] = [
  "dimanche",
  "lundi",
  "mardi",
  "mercredi",
  "jeudi",
  "vendredi",
  "samedi",
].map((day, index) => ({ value: String(index), label: day }));

export function FormsDemo() {
  const [email, setEmail] = useState("");
  const [country, setCountry] = useState("CA");
  const [days, setDays] = useState<string[]>(["1", "2"]);
  const emailError = email && !email.includes("@") ? "Veuillez entrer une adresse courriel valide." : null;

  return (
    <>
      <Demo title="Champs de texte">
        <div className="grid w-full gap-4 sm:grid-cols-2">
          <Field label="Adresse courriel" error={emailError} required>
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
        </div>
      </Demo>
      <Demo title="Calendrier de réservation">
        {/* The booking's own day and time picker (ADR 062), on fixed days: the same on every render. */}
        <div className="w-full max-w-2xl">
          <SlotPicker
            name="demo-debut"
            days={DEMO_SLOT_DAYS}
            durationMinutes={90}
            errorId="demo-debut-erreur"
            phone="450 555-0100"
            legend="Date et heure du lavage"
          />
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

export function FeedbackDemo() {
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
            { label: "Niveau max", value: 100 },
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

export function LayoutDemo() {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle as="h2">Réservation express</CardTitle>
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
