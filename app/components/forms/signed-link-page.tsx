import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";

/** The texts of a page a signed e-mail link opens (ADR 015, ADR 042). */
export interface SignedLinkTexts {
  title: string;
  invalid: string;
  invalidText: string;
  done: string;
  submit: string;
  home: string;
}

/**
 * A page a signed link in an e-mail opens: it changes nothing until its button is pressed (mail
 * scanners open links), then says it is done; a bad link says so. `fields` go in the form (the
 * link's hidden values and the sentence above the button). A plain form: it works without
 * JavaScript.
 */
export function SignedLinkPage({
  texts,
  state,
  doneText,
  fields,
}: {
  texts: SignedLinkTexts;
  state: "ask" | "done" | "invalid";
  doneText: string;
  fields: ReactNode;
}) {
  const navigation = useNavigation();
  return (
    <section className="mx-auto grid w-full max-w-xl gap-6 px-4 py-16">
      <h1 className="text-3xl font-bold tracking-tight">{texts.title}</h1>
      {state === "invalid" ? (
        <Alert variant="destructive">
          <AlertTitle>{texts.invalid}</AlertTitle>
          <AlertDescription>{texts.invalidText}</AlertDescription>
        </Alert>
      ) : state === "done" ? (
        <Alert variant="success" role="status">
          <AlertTitle>{texts.done}</AlertTitle>
          <AlertDescription>{doneText}</AlertDescription>
        </Alert>
      ) : (
        <Form method="post" className="grid gap-4">
          {fields}
          <Button type="submit" className="justify-self-start" loading={navigation.state !== "idle"}>
            {texts.submit}
          </Button>
        </Form>
      )}
      <Link to="/" className="font-medium text-primary underline-offset-4 hover:underline">
        {texts.home}
      </Link>
    </section>
  );
}
