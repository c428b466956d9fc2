import { CheckCircle2, Link2 } from "lucide-react";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { notify } from "~/lib/notify";
import type { Toast } from "~/lib/toast";
import { LINKEDIN_MESSAGES as M } from "./profile-messages";

export type LinkedInState = { configured: false } | { configured: true; linked: boolean };
export type ProfileActionResult = { ok: boolean; toast?: Toast; stamp: number };

/** 'Connectez votre compte LinkedIn': connect, or the connected state with 'Déconnecter', or why it is unavailable. */
export function LinkedInCard({ state }: { state: LinkedInState }) {
  const fetcher = useFetcher<ProfileActionResult>();
  const busy = fetcher.state !== "idle";
  const pending = busy ? fetcher.formData?.get("intent") : null;
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (result?.toast) notify(result.toast);
  }, [result?.stamp, result?.toast]);

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Link2 className="size-5 text-[#0a66c2]" aria-hidden="true" />
          <h2>{M.title}</h2>
        </CardTitle>
        <CardDescription>
          {state.configured
            ? "Associez votre compte LinkedIn à votre profil pour y publier vos articles."
            : M.notConfigured}
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
            <Button
              variant="outline"
              disabled={busy}
              onClick={() => fetcher.submit({ intent: "unlink" }, { method: "post", action: "/profile" })}
            >
              {pending === "unlink" ? M.disconnecting : M.disconnect}
            </Button>
          </div>
        ) : (
          <Button disabled={busy} onClick={() => fetcher.submit({ intent: "link" }, { method: "post", action: "/profile" })}>
            <Link2 aria-hidden="true" /> {pending === "link" ? M.connecting : M.connect}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
