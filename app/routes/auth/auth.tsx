import { useEffect, useState } from "react";
import { data, useFetcher, useSearchParams } from "react-router";
import type { Route } from "./+types/auth";
import { seoMeta } from "~/lib/seo";
import { FormField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { AuthCard, AuthMain, NewPasswordFields } from "~/components/auth-card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { authErrorMessage, formatWait } from "~/lib/auth-messages";
import { BRAND_NAME } from "~/lib/constants";
import { notify } from "~/lib/notify";
import { PASSWORD_MISMATCH, resetRequestSchema, signInSchema, signUpSchema } from "~/lib/schemas/auth";
import { parseForm, type FieldErrors } from "~/lib/schemas/form";
import type { Toast } from "~/lib/toast";
import { emailLocalPart } from "~/lib/user";
import { callAuth, clientIp, requireAnonymous } from "~/services/auth.server";
import { isTrialOfferLink, rememberTrialOffer } from "~/services/trial-offer.server";
import { logger } from "~/services/logger.server";
import { consumeRateLimit } from "~/services/rate-limit.server";
import { redirectWithToast } from "~/services/toast.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: `Connexion – ${BRAND_NAME}`,
    description:
      "Connectez-vous ou créez votre compte pour suivre vos sites, relire et approuver vos articles SEO rédigés avec l'IA et relus par un expert.",
    path: "/auth",
  });

export async function loader({ request }: Route.LoaderArgs) {
  // A trial button's link (?offer=trial): the offer is remembered through sign-up and sign-in (trial-offer.server).
  const trial = isTrialOfferLink(request) ? { "Set-Cookie": await rememberTrialOffer() } : undefined;
  try {
    await requireAnonymous(request);
  } catch (signedIn) {
    if (trial && signedIn instanceof Response) signedIn.headers.append("Set-Cookie", trial["Set-Cookie"]);
    throw signedIn;
  }
  return trial ? data(null, { headers: trial }) : null;
}

type Intent = "signin" | "signup" | "reset";
type ActionResult = { intent: Intent; ok: boolean; toast?: Toast; errors?: FieldErrors; stamp: number };

const reply = (intent: Intent, ok: boolean, extra: Partial<ActionResult> = {}, status = ok ? 200 : 400) =>
  data<ActionResult>({ intent, ok, stamp: Date.now(), ...extra }, { status });

const INTENTS: Intent[] = ["signin", "signup", "reset"];

/**
 * Limits per e-mail address, on top of better-auth's limits per client address. Sign-in has none here:
 * its limits (per account, per address and per known browser) live in better-auth's sign-in path
 * (services/auth-limits.server.ts), so that this form and the API share them.
 */
const PER_EMAIL_LIMITS: Partial<Record<Intent, [windowSeconds: number, max: number]>> = {
  signup: [60 * 60, 5],
  reset: [60 * 60, 3],
};

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get("intent")) as Intent;
  if (!INTENTS.includes(intent))
    return reply("signin", false, { toast: { type: "error", title: "Erreur", description: "Action inconnue." } });
  const titles: Record<Intent, string> = { signin: "Erreur de connexion", signup: "Erreur d'inscription", reset: "Erreur" };
  const fail = (description: string, errors?: FieldErrors, status = 400) =>
    reply(intent, false, { toast: { type: "error", title: titles[intent], description }, errors }, status);

  const schema = intent === "signin" ? signInSchema : intent === "signup" ? signUpSchema : resetRequestSchema;
  const parsed = parseForm(schema, form);
  if (!parsed.ok) return fail(Object.values(parsed.errors)[0] ?? "Formulaire invalide.", parsed.errors);
  const values = parsed.data as { email: string; password?: string; fullName?: string };

  const perEmail = PER_EMAIL_LIMITS[intent];
  if (perEmail) {
    const limit = await consumeRateLimit(`${intent}:${values.email}`, ...perEmail);
    if (!limit.allowed) {
      logger.warn({ intent, ip: clientIp(request) }, "rate limited (per e-mail)");
      return fail(`Trop de tentatives. Réessayez dans ${formatWait(limit.retryAfterSeconds)}.`, undefined, 429);
    }
  }

  if (intent === "signin") {
    const result = await callAuth(request, "/sign-in/email", {
      body: { email: values.email, password: values.password, rememberMe: true },
    });
    if (!result.ok) {
      logger.warn({ ip: clientIp(request), code: result.code, status: result.status }, "sign-in refused");
      return fail(authErrorMessage(result.code, result.status, result.retryAfterSeconds), undefined, result.status === 429 ? 429 : 400);
    }
    logger.info({ ip: clientIp(request), userId: (result.data as { user?: { id?: string } })?.user?.id }, "signed in");
    return redirectWithToast(
      "/dashboard",
      { title: "Connecté", description: "Vous êtes maintenant connecté" },
      { headers: result.headers },
    );
  }

  if (intent === "signup") {
    const name = values.fullName || emailLocalPart(values.email);
    const result = await callAuth(request, "/sign-up/email", {
      body: { email: values.email, password: values.password, name, callbackURL: "/auth" },
    });
    if (!result.ok) {
      logger.warn({ ip: clientIp(request), code: result.code, status: result.status }, "sign-up refused");
      return fail(authErrorMessage(result.code, result.status, result.retryAfterSeconds), undefined, result.status === 429 ? 429 : 400);
    }
    return reply("signup", true, {
      toast: { type: "success", title: "Inscription réussie", description: "Veuillez vérifier votre email pour confirmer votre compte" },
    });
  }

  const result = await callAuth(request, "/request-password-reset", { body: { email: values.email, redirectTo: "/auth/update-password" } });
  if (!result.ok)
    return fail(authErrorMessage(result.code, result.status, result.retryAfterSeconds), undefined, result.status === 429 ? 429 : 400);
  return reply("reset", true, {
    toast: { type: "success", title: "Email envoyé", description: "Vérifiez votre boîte mail pour réinitialiser votre mot de passe" },
  });
}

type Mode = "login" | "signup" | "reset";

/** /auth opens on 'Connexion'; /auth?tab=signup (where /signup leads) on 'Inscription'. */
const SIGNUP_TAB = "signup";

export default function AuthPage() {
  const [searchParams] = useSearchParams();
  const [mode, setMode] = useState<Mode>(() => (searchParams.get("tab") === SIGNUP_TAB ? "signup" : "login"));
  const fetcher = useFetcher<ActionResult>({ key: "auth" });
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const busy = fetcher.state !== "idle";
  const result = fetcher.data;

  // A settled sign-up or reset goes back to 'Connexion', once per answer (while rendering, not from an effect).
  const [settled, setSettled] = useState<ActionResult | undefined>(undefined);
  if (fetcher.state === "idle" && result && result !== settled) {
    setSettled(result);
    if (result.ok && (result.intent === "signup" || result.intent === "reset")) setMode("login");
  }

  useEffect(() => {
    if (fetcher.state !== "idle" || !result) return;
    if (result.toast) notify(result.toast);
  }, [fetcher.state, result]);

  const intentOfMode: Record<Mode, Intent> = { login: "signin", signup: "signup", reset: "reset" };
  const serverErrors = result && !result.ok && result.intent === intentOfMode[mode] ? (result.errors ?? {}) : {};
  const shown: FieldErrors = { ...serverErrors, ...clientErrors };

  function submit(intent: Intent) {
    return (event: React.FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const form = new FormData(event.currentTarget);
      const schema = intent === "signin" ? signInSchema : intent === "signup" ? signUpSchema : resetRequestSchema;
      const parsed = parseForm(schema, form);
      if (!parsed.ok) {
        setClientErrors(parsed.errors);
        if (parsed.errors.confirmPassword === PASSWORD_MISMATCH) {
          notify({ type: "error", title: "Erreur d'inscription", description: PASSWORD_MISMATCH });
        }
        return;
      }
      setClientErrors({});
      form.set("intent", intent);
      fetcher.submit(form, { method: "post" });
    };
  }

  function switchMode(next: Mode) {
    setClientErrors({});
    setMode(next);
  }

  return (
    <AuthMain>
      {mode === "reset" ? (
        <AuthCard
          title="Mot de passe oublié"
          description="Saisissez votre adresse e-mail : nous vous enverrons un lien pour choisir un nouveau mot de passe."
        >
          <form method="post" noValidate onSubmit={submit("reset")} className="grid gap-4">
            <input type="hidden" name="intent" value="reset" />
            <FormField label="Email" name="email" type="email" autoComplete="email" required error={shown.email} />
            <Button type="submit" disabled={busy}>
              {busy ? "Envoi en cours..." : "Envoyer le lien de réinitialisation"}
            </Button>
            <Button type="button" variant="link" onClick={() => switchMode("login")}>
              Retour à la connexion
            </Button>
          </form>
        </AuthCard>
      ) : (
        <Tabs value={mode} onValueChange={(value) => switchMode(value as Mode)} className="w-full max-w-md">
          <AuthCard
            title={`Bienvenue sur ${BRAND_NAME}`}
            description="Connectez-vous ou créez votre compte."
            header={
              <TabsList className="mt-4 grid w-full grid-cols-2">
                <TabsTrigger value="login">Connexion</TabsTrigger>
                <TabsTrigger value="signup">Inscription</TabsTrigger>
              </TabsList>
            }
          >
            <TabsContent value="login">
              <form method="post" noValidate onSubmit={submit("signin")} className="grid gap-4">
                <input type="hidden" name="intent" value="signin" />
                <FormField label="Email" name="email" type="email" autoComplete="email" required error={shown.email} />
                <FormField
                  label="Mot de passe"
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  required
                  error={shown.password}
                />
                <div className="-mt-2 text-right">
                  <Button type="button" variant="link" className="h-auto p-0 text-sm" onClick={() => switchMode("reset")}>
                    Mot de passe oublié?
                  </Button>
                </div>
                <Button type="submit" disabled={busy}>
                  {busy ? "Connexion en cours..." : "Se connecter"}
                </Button>
              </form>
            </TabsContent>
            <TabsContent value="signup">
              <form method="post" noValidate onSubmit={submit("signup")} className="grid gap-4">
                <input type="hidden" name="intent" value="signup" />
                <FormField label="Nom complet (optionnel)" name="fullName" autoComplete="name" error={shown.fullName} />
                <FormField label="Email" name="email" type="email" autoComplete="email" required error={shown.email} />
                <NewPasswordFields label="Mot de passe" hint="Au moins 8 caractères." errors={shown} />
                <Button type="submit" disabled={busy}>
                  {busy ? "Inscription en cours..." : "S'inscrire"}
                </Button>
              </form>
            </TabsContent>
          </AuthCard>
        </Tabs>
      )}
    </AuthMain>
  );
}
