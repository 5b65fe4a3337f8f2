import { CalendarCheck, LayoutDashboard, LogOut, Menu, Pencil, Trash2, User } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import {
  Breadcrumb,
  BreadcrumbItem,
  BreadcrumbLink,
  BreadcrumbList,
  BreadcrumbPage,
  BreadcrumbSeparator,
} from "~/components/ui/breadcrumb";
import { Button } from "~/components/ui/button";
import { useConfirm } from "~/components/ui/confirm-dialog";
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
import { Stepper } from "~/components/ui/stepper";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { toast } from "~/components/ui/toast";
import { Tooltip } from "~/components/ui/tooltip";
import { Demo } from "./demos-core";

/** The /design-system showcase: navigation, overlays, actions and toasts tabs. */

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const APPLICATION_STEPS = [
  { label: "Personnel" },
  { label: "Professionnel" },
  { label: "Références" },
  { label: "Soumission" },
];

export function NavigationDemo() {
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

export function OverlaysDemo() {
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

export function ActionsDemo() {
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
              <DropdownMenuItem onSelect={() => toast({ title: "Mon espace client" })}>
                <LayoutDashboard aria-hidden="true" /> Mon espace client
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

export function ToastsDemo() {
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
