import { getFormProps } from "@conform-to/react";
import { Mail, ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/settings";
import { FormField } from "~/components/form-field";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import { Label } from "~/components/ui/label";
import { RadioGroup, RadioGroupItem } from "~/components/ui/radio-group";
import { BRAND_NAME } from "~/lib/constants";
import { EMAIL_LANGUAGES, EMAIL_MODE_LABELS, EMAIL_MODES, NOTIFICATION_TEXTS } from "~/lib/notifications";
import { twoFactorEnableSchema } from "~/lib/schemas/auth";
import { preferencesSchema } from "~/lib/schemas/settings";
import { parseSubmission } from "~/lib/schemas/submission";
import { errorToast, successToast } from "~/lib/toast";
import { useSchemaForm } from "~/lib/use-schema-form";
import { useToastFetcher } from "~/lib/use-toast-fetcher";
import { getNotificationPreferences, saveNotificationPreferences } from "~/models/notification.server";
import { accountSecurity, requireUser, type SessionUser } from "~/services/auth.server";
import { redirectWithToast } from "~/services/toast.server";
import { twoFactorDisable } from "~/services/two-factor-setup.server";
import { intentOf, invalidForm, reply, runIntent } from "~/services/route-action.server";

export const meta: Route.MetaFunction = () => [{ title: `Paramètres – ${BRAND_NAME}` }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const [preferences, security] = await Promise.all([getNotificationPreferences(user), accountSecurity(request)]);
  return { preferences, security: security ?? { twoFactorEnabled: false, team: false } };
}

type Ctx = { request: Request; user: SessionUser; form: FormData };

const INTENTS = {
  /** Turns two-factor sign-in off, with the password; the team's accounts keep it (the console requires it). */
  "two-factor-off": async ({ request, user, form }: Ctx) => {
    if ((await accountSecurity(request))?.team) {
      return reply(
        {
          ok: false,
          intent: "two-factor-off",
          toast: errorToast("Les comptes de l'équipe gardent la connexion en deux étapes.", "Erreur"),
        },
        403,
      );
    }
    const done = await twoFactorDisable(request, form, user.id);
    if ("refused" in done) return done.refused;
    throw await redirectWithToast("/settings", { title: "Connexion en deux étapes désactivée" }, { headers: done.headers });
  },
  /** Saves how the notifications come by e-mail. */
  notifications: async ({ user, form }: Ctx) => {
    const submission = parseSubmission(form, preferencesSchema);
    if (submission.status !== "success")
      return reply({ ok: false, intent: "notifications", ...invalidForm(submission, { title: "Préférences non enregistrées" }) });
    await saveNotificationPreferences(user, submission.value);
    return reply({ ok: true, intent: "notifications", toast: successToast("Préférences enregistrées") });
  },
};

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const intent = intentOf(form, INTENTS);
  if (!intent) return reply({ ok: false, toast: errorToast("Action inconnue.", "Erreur") });
  return runIntent(
    INTENTS,
    intent,
    { request, user, form },
    { failed: () => reply({ ok: false, toast: errorToast("L'enregistrement a échoué, réessayez.", "Erreur") }, 500) },
  );
}

export default function Settings({ loaderData: { preferences, security } }: Route.ComponentProps) {
  const save = useToastFetcher<typeof action>();
  const saving = save.state !== "idle";
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Paramètres" />
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Mail aria-hidden="true" className="size-4" /> Notifications par e-mail
          </CardTitle>
          <CardDescription>
            Toutes vos notifications restent dans la cloche ; choisissez ce qui vous arrive aussi par e-mail.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <save.Form method="post" action="/settings" className="grid gap-6">
            <input type="hidden" name="intent" value="notifications" />
            <fieldset className="grid gap-3">
              <legend className="mb-3 text-sm font-medium">Envoi</legend>
              <RadioGroup name="emailMode" defaultValue={preferences.emailMode} aria-label="Envoi">
                {EMAIL_MODES.map((mode) => (
                  <div key={mode} className="flex items-start gap-3">
                    <RadioGroupItem
                      id={`email-mode-${mode}`}
                      value={mode}
                      aria-describedby={`email-mode-${mode}-hint`}
                      className="mt-0.5"
                    />
                    <div className="grid gap-0.5">
                      <Label htmlFor={`email-mode-${mode}`}>{EMAIL_MODE_LABELS[mode].label}</Label>
                      <p id={`email-mode-${mode}-hint`} className="text-sm text-muted-foreground">
                        {EMAIL_MODE_LABELS[mode].hint}
                      </p>
                    </div>
                  </div>
                ))}
              </RadioGroup>
            </fieldset>
            <fieldset className="grid gap-3">
              <legend className="mb-3 text-sm font-medium">M'écrire pour</legend>
              {preferences.kinds.map((kind) => (
                <div key={kind} className="flex items-center gap-3">
                  <Checkbox id={`emailed-${kind}`} name="emailed" value={kind} defaultChecked={preferences.emailed.includes(kind)} />
                  <Label htmlFor={`emailed-${kind}`} className="font-normal">
                    {NOTIFICATION_TEXTS.fr[kind].label}
                  </Label>
                </div>
              ))}
            </fieldset>
            <fieldset className="grid gap-3">
              <legend className="mb-3 text-sm font-medium">Langue des e-mails</legend>
              <RadioGroup
                name="emailLanguage"
                defaultValue={preferences.emailLanguage}
                aria-label="Langue des e-mails"
                className="flex flex-wrap gap-6"
              >
                {Object.entries(EMAIL_LANGUAGES).map(([language, name]) => (
                  <div key={language} className="flex items-center gap-2">
                    <RadioGroupItem id={`email-language-${language}`} value={language} />
                    <Label htmlFor={`email-language-${language}`} className="font-normal" lang={language}>
                      {name}
                    </Label>
                  </div>
                ))}
              </RadioGroup>
            </fieldset>
            <div>
              <Button type="submit" disabled={saving}>
                {saving ? "Enregistrement..." : "Enregistrer"}
              </Button>
            </div>
          </save.Form>
        </CardContent>
      </Card>
      <TwoFactorCard enabled={security.twoFactorEnabled} team={security.team} />
    </div>
  );
}

/** Two-factor sign-in: on or off, the way to turn it on, and (for a client) to turn it off with the password. */
function TwoFactorCard({ enabled, team }: { enabled: boolean; team: boolean }) {
  const off = useToastFetcher<typeof action>();
  const [form, fields] = useSchemaForm(twoFactorEnableSchema, { fetcher: off });
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck aria-hidden="true" className="size-4" /> Connexion en deux étapes
        </CardTitle>
        <CardDescription>
          {enabled
            ? "Activée : chaque connexion demande un code de votre application d'authentification, ou un code de secours."
            : "Désactivée. Activez-la pour qu'un mot de passe seul ne suffise pas à ouvrir votre compte."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {!enabled ? (
          <Button asChild variant="outline">
            <Link to="/settings/two-factor">Activer la connexion en deux étapes</Link>
          </Button>
        ) : team ? (
          <p className="text-sm text-muted-foreground">Les comptes de l'équipe la gardent : la console l'exige.</p>
        ) : (
          <off.Form method="post" action="/settings" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end">
            <input type="hidden" name="intent" value="two-factor-off" />
            <FormField
              id={fields.password.id}
              label="Mot de passe, pour la désactiver"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              error={fields.password.errors?.[0]}
            />
            <Button type="submit" variant="outline" disabled={off.state !== "idle"}>
              {off.state !== "idle" ? "Désactivation..." : "Désactiver"}
            </Button>
          </off.Form>
        )}
      </CardContent>
    </Card>
  );
}
