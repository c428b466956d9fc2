import { CheckCircle2, Link2 } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { LINKEDIN_MESSAGES as M } from "./profile-messages";
import { useToastFetcher } from "~/lib/use-toast-fetcher";
import type { action } from "../profile";

export type LinkedInState = { configured: false } | { configured: true; linked: boolean };

/**
 * 'Connectez votre compte LinkedIn': connect, or the connected state with 'Déconnecter', or why it is
 * unavailable. Each button posts its intent (link | unlink) to /profile in a form of its own.
 */
export function LinkedInCard({ state }: { state: LinkedInState }) {
  const fetcher = useToastFetcher<typeof action>();
  const busy = fetcher.state !== "idle";
  const pending = busy ? fetcher.formData?.get("intent") : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Link2 className="size-5 text-[#0a66c2]" aria-hidden="true" />
          <h2>{M.title}</h2>
        </CardTitle>
        <CardDescription>
          {state.configured ? "Associez votre compte LinkedIn à votre profil pour y publier vos articles." : M.notConfigured}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {!state.configured ? (
          <p className="text-sm text-muted-foreground">{M.notConfiguredHint}</p>
        ) : state.linked ? (
          <div className="flex flex-wrap items-center gap-3">
            <Badge variant="secondary" className="gap-1">
              <CheckCircle2 className="size-3.5 text-green-600" aria-hidden="true" /> {M.connected}
            </Badge>
            <fetcher.Form method="post" action="/profile">
              <Button type="submit" name="intent" value="unlink" variant="outline" disabled={busy}>
                {pending === "unlink" ? M.disconnecting : M.disconnect}
              </Button>
            </fetcher.Form>
          </div>
        ) : (
          <fetcher.Form method="post" action="/profile">
            <Button type="submit" name="intent" value="link" disabled={busy}>
              <Link2 aria-hidden="true" /> {pending === "link" ? M.connecting : M.connect}
            </Button>
          </fetcher.Form>
        )}
      </CardContent>
    </Card>
  );
}
