import { Mail } from "lucide-react";
import { z } from "zod";
import type { Route } from "./+types/settings";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import { Label } from "~/components/ui/label";
import { RadioGroup, RadioGroupItem } from "~/components/ui/radio-group";
import { BRAND_NAME } from "~/lib/constants";
import {
  EMAIL_LANGUAGES,
  EMAIL_MODE_LABELS,
  EMAIL_MODES,
  NOTIFICATION_KINDS,
  NOTIFICATION_TEXTS,
  type NotificationLanguage,
} from "~/lib/notifications";
import { errorToast, successToast } from "~/lib/toast";
import { useToastFetcher } from "~/lib/use-toast-fetcher";
import { getNotificationPreferences, saveNotificationPreferences } from "~/models/notification.server";
import { requireUser, type SessionUser } from "~/services/auth.server";
import { intentOf, reply, runIntent } from "~/services/route-action.server";

export const meta: Route.MetaFunction = () => [{ title: `Paramètres – ${BRAND_NAME}` }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { preferences: await getNotificationPreferences(user) };
}

const preferencesSchema = z.object({
  emailMode: z.enum(EMAIL_MODES, { error: "Choisissez comment recevoir les e-mails." }),
  emailLanguage: z.enum(Object.keys(EMAIL_LANGUAGES) as [NotificationLanguage, ...NotificationLanguage[]], {
    error: "Choisissez la langue des e-mails.",
  }),
  emailed: z.array(z.enum(NOTIFICATION_KINDS, { error: "Un type de notification est inconnu." })).max(NOTIFICATION_KINDS.length),
});

type Ctx = { request: Request; user: SessionUser; form: FormData };

const INTENTS = {
  /** Saves how the notifications come by e-mail. */
  notifications: async ({ user, form }: Ctx) => {
    const parsed = preferencesSchema.safeParse({
      emailMode: form.get("emailMode"),
      emailLanguage: form.get("emailLanguage"),
      emailed: form.getAll("emailed"),
    });
    if (!parsed.success) return reply({ ok: false, intent: "notifications", toast: errorToast(parsed.error.issues[0]!.message) });
    await saveNotificationPreferences(user, parsed.data);
    return reply({ ok: true, intent: "notifications", toast: successToast("Préférences enregistrées") });
  },
};

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const intent = intentOf(form, INTENTS);
  if (!intent) return reply({ ok: false, toast: errorToast("Action inconnue.") });
  return runIntent(
    INTENTS,
    intent,
    { request, user, form },
    { failed: () => reply({ ok: false, toast: errorToast("L'enregistrement a échoué, réessayez.") }, 500) },
  );
}

export default function Settings({ loaderData: { preferences } }: Route.ComponentProps) {
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
    </div>
  );
}
