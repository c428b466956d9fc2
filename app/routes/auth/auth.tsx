import { getFormProps, type Submission } from "@conform-to/react";
import { data, Link, redirect, useNavigate, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/auth";
import { seoMeta } from "~/lib/seo";
import { HYDRATE_AFTER_FIRST_PAINT, onlyClientParamChanged } from "~/lib/static-page";
import { FormField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { AuthCard, AuthMain, NewPasswordFields } from "~/components/auth-card";
import { TABS_LIST_CLASS, TABS_TRIGGER_CLASS } from "~/components/ui/tabs";
import { authRefusal, formatWait } from "~/lib/auth-messages";
import { BRAND_NAME } from "~/lib/constants";
import { notify } from "~/lib/notify";
import { PASSWORD_MISMATCH, resetRequestSchema, signInSchema, signUpSchema } from "~/lib/schemas/auth";
import { parseSubmission } from "~/lib/schemas/submission";
import { errorToast, successToast } from "~/lib/toast";
import { useSchemaForm } from "~/lib/use-schema-form";
import { useToastFetcher } from "~/lib/use-toast-fetcher";
import { cn } from "~/lib/utils";
import { emailLocalPart } from "~/lib/user";
import { callAuth, clientIp, requireAnonymous, signInDestination, type AuthCallResult } from "~/services/auth.server";
import { isTrialOfferLink, rememberTrialOffer } from "~/services/trial-offer.server";
import { logger } from "~/services/logger.server";
import { consumeRateLimit } from "~/services/rate-limit.server";
import { intentOf, invalidForm, reply, runIntent } from "~/services/route-action.server";
import { redirectWithToast } from "~/services/toast.server";

/** The sign-in screen is the first screen of many visits: it paints before any script is requested (issue 13). */
export const handle = { ...HYDRATE_AFTER_FIRST_PAINT };

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: `Connexion – ${BRAND_NAME}`,
    description:
      "Connectez-vous ou créez votre compte pour suivre vos sites, relire et approuver vos articles SEO rédigés avec l'IA et relus par un expert.",
    path: "/auth",
  });

/** Another mode of the screen (its `tab`) needs no new answer from the server. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return onlyClientParamChanged(currentUrl, nextUrl, formMethod) ? false : defaultShouldRevalidate;
}

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

/** The title of each form's error toasts. */
const TITLES = { signin: "Erreur de connexion", signup: "Erreur d'inscription", reset: "Erreur" } as const;
type Intent = keyof typeof TITLES;

/** Nobody is signed in here: an intent has the request and the form. */
type Ctx = { request: Request; form: FormData };

/** Passwords are never sent back. */
const PASSWORD_FIELDS = ["password", "confirmPassword"];

/** A form its schema refused: the first message as the toast, every message on its field. */
const invalid = <const I extends Intent>(intent: I, submission: Submission<unknown>) =>
  reply({
    ok: false,
    intent,
    ...invalidForm(submission, { hideFields: PASSWORD_FIELDS, title: TITLES[intent], fallback: "Formulaire invalide." }),
  });

/** A refusal said as the form's error toast. */
const refused = <const I extends Intent>(intent: I, description: string, status = 400) =>
  reply({ ok: false, intent, toast: errorToast(description, TITLES[intent]) }, status);

/** better-auth's refusal, in French: 429 when it slowed the person down, else 400. */
const refusedByAuth = <const I extends Intent>(intent: I, result: AuthCallResult<unknown>) => {
  const { message, status } = authRefusal(result);
  return refused(intent, message, status);
};

/**
 * Limits per e-mail address, on top of better-auth's limits per client address. Sign-in has none here:
 * its limits (per account, per address and per known browser) live in better-auth's sign-in path
 * (services/auth-limits.server.ts), so that this form and the API share them.
 */
const PER_EMAIL_LIMITS: Record<"signup" | "reset", [windowSeconds: number, max: number]> = {
  signup: [60 * 60, 5],
  reset: [60 * 60, 3],
};

/** The refusal when the address has used up its attempts, else null. */
async function perEmailLimit<const I extends keyof typeof PER_EMAIL_LIMITS>(intent: I, email: string, request: Request) {
  const [windowSeconds, max] = PER_EMAIL_LIMITS[intent];
  const limit = await consumeRateLimit(`${intent}:${email}`, windowSeconds, max);
  if (limit.allowed) return null;
  logger.warn({ intent, ip: clientIp(request) }, "rate limited (per e-mail)");
  return refused(intent, `Trop de tentatives. Réessayez dans ${formatWait(limit.retryAfterSeconds)}.`, 429);
}

async function signIn({ request, form }: Ctx) {
  const submission = parseSubmission(form, signInSchema);
  if (submission.status !== "success") return invalid("signin", submission);
  const { email, password } = submission.value;
  const result = await callAuth(request, "/sign-in/email", { body: { email, password, rememberMe: true } });
  if (!result.ok) {
    logger.warn({ ip: clientIp(request), code: result.code, status: result.status }, "sign-in refused");
    return refusedByAuth("signin", result);
  }
  const destination = signInDestination(result);
  // Two-factor sign-in: the password was right; the code comes next, on its own screen.
  if (destination === "/auth/two-factor") throw redirect(destination, { headers: result.headers });
  logger.info({ ip: clientIp(request), userId: (result.data as { user?: { id?: string } })?.user?.id }, "signed in");
  throw await redirectWithToast(
    destination,
    { title: "Connecté", description: "Vous êtes maintenant connecté" },
    { headers: result.headers },
  );
}

async function signUp({ request, form }: Ctx) {
  const submission = parseSubmission(form, signUpSchema);
  if (submission.status !== "success") return invalid("signup", submission);
  const { email, password, fullName } = submission.value;
  const limited = await perEmailLimit("signup", email, request);
  if (limited) return limited;
  const result = await callAuth(request, "/sign-up/email", {
    body: { email, password, name: fullName || emailLocalPart(email), callbackURL: "/auth" },
  });
  if (!result.ok) {
    logger.warn({ ip: clientIp(request), code: result.code, status: result.status }, "sign-up refused");
    return refusedByAuth("signup", result);
  }
  return reply({
    ok: true,
    intent: "signup",
    toast: successToast("Inscription réussie", "Veuillez vérifier votre email pour confirmer votre compte"),
  });
}

async function requestReset({ request, form }: Ctx) {
  const submission = parseSubmission(form, resetRequestSchema);
  if (submission.status !== "success") return invalid("reset", submission);
  const { email } = submission.value;
  const limited = await perEmailLimit("reset", email, request);
  if (limited) return limited;
  const result = await callAuth(request, "/request-password-reset", { body: { email, redirectTo: "/auth/update-password" } });
  if (!result.ok) return refusedByAuth("reset", result);
  return reply({
    ok: true,
    intent: "reset",
    toast: successToast("Email envoyé", "Vérifiez votre boîte mail pour réinitialiser votre mot de passe"),
  });
}

const INTENTS = { signin: signIn, signup: signUp, reset: requestReset } satisfies Record<Intent, unknown>;

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = intentOf(form, INTENTS);
  if (!intent) return reply({ ok: false, intent: null, toast: errorToast("Action inconnue.", "Erreur") });
  // Anything unexpected (the database, better-auth) is logged and goes on to the error page.
  return runIntent(
    INTENTS,
    intent,
    { request, form },
    {
      failed: (error) => {
        throw error;
      },
    },
  );
}

type Mode = "login" | "signup" | "reset";

/**
 * The screen's mode is in its address: /auth is 'Connexion', /auth?tab=signup (where /signup leads) 'Inscription',
 * /auth?tab=reset the reset mode. Its tabs and the reset link are links, so that they work before the page's
 * script has run and without it (issue 37: as buttons, a click in the first seconds on a slow phone did nothing).
 */
const TAB_PARAM = "tab";
const modeOf = (params: URLSearchParams): Mode => {
  const tab = params.get(TAB_PARAM);
  return tab === "signup" || tab === "reset" ? tab : "login";
};

/** The address of a mode, keeping the rest of the query (a trial offer's ?offer=trial). */
function modeHref(params: URLSearchParams, mode: Mode): string {
  const next = new URLSearchParams(params);
  if (mode === "login") next.delete(TAB_PARAM);
  else next.set(TAB_PARAM, mode);
  const query = next.toString();
  return query ? `/auth?${query}` : "/auth";
}

/** The screen's one fetcher, shared by its three forms. */
type AuthFetcher = ReturnType<typeof useToastFetcher<typeof action>>;

/** What a form's conform reads: the screen's answer when it answers this form (its field errors), else none. */
const answerOf = (fetcher: AuthFetcher, intent: Intent) => ({
  data: fetcher.data?.intent === intent ? fetcher.data : undefined,
  reset: fetcher.reset,
});

/** A link to another mode of the screen: it replaces the address (the modes are not steps to go back through). */
function ModeLink({
  mode,
  className,
  children,
  ...rest
}: { mode: Mode; className?: string; children: React.ReactNode } & Omit<React.ComponentProps<typeof Link>, "to">) {
  const [params] = useSearchParams();
  return (
    <Link to={modeHref(params, mode)} replace preventScrollReset className={className} {...rest}>
      {children}
    </Link>
  );
}

const TABS: { mode: "login" | "signup"; label: string }[] = [
  { mode: "login", label: "Connexion" },
  { mode: "signup", label: "Inscription" },
];

export default function AuthPage() {
  const [params] = useSearchParams();
  const mode = modeOf(params);
  const navigate = useNavigate();
  // A sign-up or reset that worked (sign-in redirects) goes back to 'Connexion', after its toast.
  const fetcher = useToastFetcher<typeof action>((answer) => {
    if (answer.ok) void navigate(modeHref(params, "login"), { replace: true, preventScrollReset: true });
  }, "auth");
  const busy = fetcher.state !== "idle";

  return (
    <AuthMain>
      {mode === "reset" ? (
        <AuthCard
          title="Mot de passe oublié"
          description="Saisissez votre adresse e-mail : nous vous enverrons un lien pour choisir un nouveau mot de passe."
        >
          <ResetForm fetcher={fetcher} busy={busy} />
        </AuthCard>
      ) : (
        <div className="w-full max-w-md">
          <AuthCard
            title={`Bienvenue sur ${BRAND_NAME}`}
            description="Connectez-vous ou créez votre compte."
            header={
              <nav aria-label="Connexion ou inscription" className={cn(TABS_LIST_CLASS, "mt-4 grid w-full grid-cols-2")}>
                {TABS.map((tab) => (
                  <ModeLink
                    key={tab.mode}
                    mode={tab.mode}
                    aria-current={mode === tab.mode ? "page" : undefined}
                    data-state={mode === tab.mode ? "active" : "inactive"}
                    className={TABS_TRIGGER_CLASS}
                  >
                    {tab.label}
                  </ModeLink>
                ))}
              </nav>
            }
          >
            {mode === "signup" ? <SignUpForm fetcher={fetcher} busy={busy} /> : <SignInForm fetcher={fetcher} busy={busy} />}
          </AuthCard>
        </div>
      )}
    </AuthMain>
  );
}

function SignInForm({ fetcher, busy }: { fetcher: AuthFetcher; busy: boolean }) {
  const [form, fields] = useSchemaForm(signInSchema, { fetcher: answerOf(fetcher, "signin") });
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-4">
      <input type="hidden" name="intent" value="signin" />
      <EmailField field={fields.email} />
      <FormField
        id={fields.password.id}
        label="Mot de passe"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        error={fields.password.errors?.[0]}
      />
      <div className="-mt-2 text-right">
        <Button asChild variant="link" className="h-auto p-0 text-sm">
          <ModeLink mode="reset">Mot de passe oublié?</ModeLink>
        </Button>
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? "Connexion en cours..." : "Se connecter"}
      </Button>
    </fetcher.Form>
  );
}

function SignUpForm({ fetcher, busy }: { fetcher: AuthFetcher; busy: boolean }) {
  const [form, fields] = useSchemaForm(signUpSchema, {
    fetcher: answerOf(fetcher, "signup"),
    // Two passwords that differ are also said as a toast (the other refusals only on their fields).
    onInvalid: (_, errors) => {
      if (errors.confirmPassword?.[0] === PASSWORD_MISMATCH) notify(errorToast(PASSWORD_MISMATCH, TITLES.signup));
    },
  });
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-4">
      <input type="hidden" name="intent" value="signup" />
      <FormField
        id={fields.fullName.id}
        label="Nom complet (optionnel)"
        name="fullName"
        autoComplete="name"
        error={fields.fullName.errors?.[0]}
      />
      <EmailField field={fields.email} />
      <NewPasswordFields label="Mot de passe" hint="Au moins 8 caractères." fields={fields} />
      <Button type="submit" disabled={busy}>
        {busy ? "Inscription en cours..." : "S'inscrire"}
      </Button>
    </fetcher.Form>
  );
}

function ResetForm({ fetcher, busy }: { fetcher: AuthFetcher; busy: boolean }) {
  const [form, fields] = useSchemaForm(resetRequestSchema, { fetcher: answerOf(fetcher, "reset") });
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-4">
      <input type="hidden" name="intent" value="reset" />
      <EmailField field={fields.email} />
      <Button type="submit" disabled={busy}>
        {busy ? "Envoi en cours..." : "Envoyer le lien de réinitialisation"}
      </Button>
      <Button asChild variant="link">
        <ModeLink mode="login">Retour à la connexion</ModeLink>
      </Button>
    </fetcher.Form>
  );
}

/** The e-mail field, the same in the three forms. */
function EmailField({ field }: { field: { id: string; errors?: string[] } }) {
  return <FormField id={field.id} label="Email" name="email" type="email" autoComplete="email" required error={field.errors?.[0]} />;
}
