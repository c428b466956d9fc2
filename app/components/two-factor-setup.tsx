import { getFormProps } from "@conform-to/react";
import { FormField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { twoFactorEnableSchema, twoFactorVerifySchema } from "~/lib/schemas/auth";
import { useSchemaForm } from "~/lib/use-schema-form";
import { useToastFetcher } from "~/lib/use-toast-fetcher";

/** What step 1 answers (services/two-factor-setup.server.ts, twoFactorEnableStep). */
type EnableAnswer = { ok: boolean; setUp?: { qr: { size: number; d: string }; secret: string; backupCodes: string[] } };

/**
 * The two steps of turning two-factor sign-in on: the password, then the QR code (drawn by the server), the key,
 * the backup codes and the app's code. Both forms post to `action` (intents `enable` and `verify`); the team's
 * console and a client's settings share it.
 */
export function TwoFactorSetup({ email, action }: { email: string; action: string }) {
  const enabling = useToastFetcher<EnableAnswer>();
  const verifying = useToastFetcher();
  const [enableForm, enableFields] = useSchemaForm(twoFactorEnableSchema, { fetcher: enabling });
  const [verifyForm, verifyFields] = useSchemaForm(twoFactorVerifySchema, { fetcher: verifying });
  const setUp = enabling.data?.setUp ?? null;
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">
            <h2>1. Confirmez votre mot de passe</h2>
          </CardTitle>
          <CardDescription>Compte {email}</CardDescription>
        </CardHeader>
        <CardContent>
          <enabling.Form
            method="post"
            action={action}
            {...getFormProps(enableForm)}
            className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end"
          >
            <input type="hidden" name="intent" value="enable" />
            <FormField
              id={enableFields.password.id}
              label="Mot de passe"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              error={enableFields.password.errors?.[0]}
            />
            <Button type="submit" disabled={enabling.state !== "idle"}>
              {enabling.state !== "idle" ? "Préparation..." : setUp ? "Recommencer" : "Continuer"}
            </Button>
          </enabling.Form>
        </CardContent>
      </Card>

      {setUp ? (
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">
              <h2>2. Ajoutez le compte à votre application</h2>
            </CardTitle>
            <CardDescription>Scannez ce code, ou saisissez la clé à la main.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            <div className="grid gap-4 sm:grid-cols-[auto_1fr] sm:items-start">
              <svg
                role="img"
                aria-label="Code QR à scanner avec l'application d'authentification"
                viewBox={`0 0 ${setUp.qr.size} ${setUp.qr.size}`}
                className="size-48 rounded border bg-white"
                shapeRendering="crispEdges"
              >
                <path d={setUp.qr.d} fill="#000" />
              </svg>
              <div className="grid gap-2 text-sm">
                <p className="font-medium">Clé</p>
                <code className="break-all rounded bg-muted px-2 py-1 font-mono" data-testid="totp-secret">
                  {setUp.secret}
                </code>
              </div>
            </div>
            <div className="grid gap-2">
              <h3 className="font-medium">Codes de secours</h3>
              <p className="text-sm text-muted-foreground">
                Gardez-les en lieu sûr : chacun permet une connexion si vous n'avez plus votre téléphone. Ils ne seront plus affichés.
              </p>
              <ul className="grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-5" aria-label="Codes de secours">
                {setUp.backupCodes.map((code) => (
                  <li key={code} className="rounded bg-muted px-2 py-1 text-center">
                    {code}
                  </li>
                ))}
              </ul>
            </div>
            <verifying.Form
              method="post"
              action={action}
              {...getFormProps(verifyForm)}
              className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end"
            >
              <input type="hidden" name="intent" value="verify" />
              <FormField
                id={verifyFields.code.id}
                label="3. Code affiché par l'application"
                name="code"
                autoComplete="one-time-code"
                inputMode="numeric"
                required
                error={verifyFields.code.errors?.[0]}
              />
              <Button type="submit" disabled={verifying.state !== "idle"}>
                {verifying.state !== "idle" ? "Vérification..." : "Activer"}
              </Button>
            </verifying.Form>
          </CardContent>
        </Card>
      ) : null}
    </>
  );
}
