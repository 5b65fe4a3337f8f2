import { Navigation } from "lucide-react";
import { Button } from "~/components/ui/button";
import { mapsMessages } from "~/lib/messages/maps.fr";
import { cn } from "~/lib/utils";
import { itineraryLinks, type ItineraryPlace } from "./itinerary";

/**
 * « Ouvrir l'itinéraire dans Google Maps » and « Apple Plans »: the day's route with every stop,
 * in one tap (ADR 103). Nothing when no stop can be placed. `who` names the member in the links'
 * accessible names (after the visible text) when a page shows several routes.
 */
export function ItineraryLinks({
  start,
  stops,
  who,
  className,
}: {
  start: ItineraryPlace | null;
  stops: readonly ItineraryPlace[];
  who?: string;
  className?: string;
}) {
  const links = itineraryLinks(start, stops);
  if (!links) return null;
  return (
    <div className={cn("flex flex-wrap gap-2", className)}>
      <Button asChild variant="outline" className="min-h-11">
        <a href={links.google} target="_blank" rel="noopener noreferrer">
          <Navigation aria-hidden="true" />
          {mapsMessages.openGoogle}
          {who ? <span className="sr-only"> {mapsMessages.forWho(who)}</span> : null}
        </a>
      </Button>
      <Button asChild variant="outline" className="min-h-11">
        <a href={links.apple} target="_blank" rel="noopener noreferrer">
          <Navigation aria-hidden="true" />
          {mapsMessages.openApple}
          {who ? <span className="sr-only"> {mapsMessages.forWho(who)}</span> : null}
        </a>
      </Button>
    </div>
  );
}
