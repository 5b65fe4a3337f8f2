import type { ReactNode } from "react";
import { Card, CardContent } from "~/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { messages } from "~/lib/messages.fr";

/** The two tabs of /auth: Connexion and Inscription. */
export function AuthTabs({
  initialTab,
  signIn,
  signUp,
}: {
  initialTab: "connexion" | "inscription";
  signIn: ReactNode;
  signUp: ReactNode;
}) {
  return (
    <Tabs defaultValue={initialTab} key={initialTab}>
      <TabsList className="grid w-full grid-cols-2">
        <TabsTrigger value="connexion">{messages.auth.signIn}</TabsTrigger>
        <TabsTrigger value="inscription">{messages.auth.signUp}</TabsTrigger>
      </TabsList>
      <Card className="mt-4">
        <CardContent className="pt-6">
          <TabsContent value="connexion">{signIn}</TabsContent>
          <TabsContent value="inscription">{signUp}</TabsContent>
        </CardContent>
      </Card>
    </Tabs>
  );
}
