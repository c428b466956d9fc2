import { getFormProps } from "@conform-to/react";
import { Link, redirect } from "react-router";
import type { Route } from "./+types/invitation";
import { AuthCard, AuthMain, NewPasswordFields } from "~/components/auth-card";
import { FormField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { authRefusal } from "~/lib/auth-messages";
import { BRAND_NAME } from "~/lib/constants";
import { notify } from "~/lib/notify";
import { invitationSignUpSchema, PASSWORD_MISMATCH } from "~/lib/schemas/auth";
import { parseSubmission } from "~/lib/schemas/submission";
import { errorToast } from "~/lib/toast";
import { useSchemaForm } from "~/lib/use-schema-form";
import { useToastFetcher } from "~/lib/use-toast-fetcher";
import { emailLocalPart } from "~/lib/user";
import { INVITED_ADDRESS_HAS_AN_ACCOUNT, invitationProblemOf } from "~/services/auth-invitation.server";
import { clientIp, getSessionUser, signUpFromInvitation } from "~/services/auth.server";
import { logger } from "~/services/logger.server";
import { consumeRateLimit } from "~/services/rate-limit.server";
import { intentOf, invalidForm, reply } from "~/services/route-action.server";
import {
  acceptInvitation,
  accountWithEmail,
  claimAcceptedInvitations,
  findInvitation,
  type InvitationProblem,
  type OpenInvitation,
} from "~/services/site-invitations.server";
import { redirectWithToast } from "~/services/toast.server";

export const meta: Route.MetaFunction = () => [{ title: `Invitation – ${BRAND_NAME}` }, { name: "robots", content: "noindex" }];

const PROBLEMS: Record<InvitationProblem, string> = {
  unknown: "Ce lien d'invitation n'est pas valable. Vérifiez qu'il est complet, ou demandez-en un nouveau à l'équipe.",
  expired: "Cette invitation a expiré (elle était valable 7 jours). Demandez-en une nouvelle à l'équipe.",
  used: "Cette invitation a déjà servi : le site est dans le compte qui l'a acceptée.",
  revoked: "Une invitation plus récente a remplacé celle-ci : utilisez le lien du dernier e-mail reçu.",
  taken: "Ce site est déjà dans un compte. Si c'est le vôtre, connectez-vous pour le retrouver.",
};

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token") ?? "";

/**
 * The link of an invitation e-mail (issue 14): a sign-up with the invited address filled in, which signs the new
 * account in with the site at once (issue 38: the link proves the address); for someone already signed in with that
 * address, one click adds the site; anything else says what to do.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const found = await findInvitation(tokenOf(request));
  if (!found.ok) return { mode: "invalid", message: PROBLEMS[found.problem], signedIn: Boolean(await getSessionUser(request)) } as const;
  const { invitation } = found;
  const site = { name: invitation.site.name, url: invitation.site.url };
  const user = await getSessionUser(request);
  if (user) {
    if (user.email.toLowerCase() === invitation.email) return { mode: "claim", site, email: invitation.email } as const;
    return { mode: "other-account", site, email: invitation.email, signedInAs: user.email } as const;
  }
  // An account nobody confirmed is no account here: the sign-up hands it to the link's holder (auth-invitation.server.ts).
  if ((await accountWithEmail(invitation.email))?.emailVerified) return { mode: "sign-in", site, email: invitation.email } as const;
  return { mode: "sign-up", site, email: invitation.email } as const;
}

const ERROR_TITLE = "Erreur";
const refused = (description: string, status = 400) => reply({ ok: false, toast: errorToast(description, ERROR_TITLE) }, status);

async function openInvitation(request: Request): Promise<OpenInvitation | string> {
  const found = await findInvitation(tokenOf(request));
  return found.ok ? found.invitation : PROBLEMS[found.problem];
}

const accountExists = (email: string) =>
  `Un compte existe déjà pour ${email} : connectez-vous, puis rouvrez le lien de l'invitation pour ajouter le site.`;

/**
 * The account of the invited address, signed in at once with the site (issue 38): the link proves the address, so
 * there is no confirmation e-mail. An address with a confirmed account is sent to sign in (the screen said so
 * already); the link serves once, even sent twice at the same moment.
 */
async function signUp(request: Request, form: FormData) {
  const submission = parseSubmission(form, invitationSignUpSchema);
  if (submission.status !== "success")
    return reply({ ok: false, ...invalidForm(submission, { hideFields: ["password", "confirmPassword"], title: ERROR_TITLE }) });
  const invitation = await openInvitation(request);
  if (typeof invitation === "string") return refused(invitation);
  if (await getSessionUser(request)) return refused("Vous êtes déjà connecté : rouvrez le lien de l'invitation.");
  if ((await accountWithEmail(invitation.email))?.emailVerified) return refused(accountExists(invitation.email), 409);
  const limit = await consumeRateLimit(`signup:${invitation.email}`, 60 * 60, 5);
  if (!limit.allowed) return refused("Trop de tentatives. Réessayez dans une heure.", 429);
  const { fullName, password } = submission.value;
  const result = await signUpFromInvitation(request, {
    token: tokenOf(request),
    name: fullName || emailLocalPart(invitation.email),
    password,
  });
  if (!result.ok || !result.data) {
    logger.warn({ ip: clientIp(request), code: result.code, status: result.status }, "invitation sign-up refused");
    const problem = invitationProblemOf(result.code);
    if (problem) return refused(PROBLEMS[problem], problem === "taken" ? 409 : 400);
    if (result.code === INVITED_ADDRESS_HAS_AN_ACCOUNT) return refused(accountExists(invitation.email), 409);
    const { message, status } = authRefusal(result);
    return refused(message, status);
  }
  const { site } = result.data;
  throw await redirectWithToast(
    `/sites/${site.id}`,
    { title: "Compte créé", description: `Vous êtes connecté, et ${site.name} est dans votre compte.` },
    { headers: result.headers },
  );
}

/** Signed in with the invited address: the site is added at once. */
async function claim(request: Request) {
  const invitation = await openInvitation(request);
  if (typeof invitation === "string") return refused(invitation);
  const user = await getSessionUser(request);
  if (!user) throw redirect("/auth");
  if (user.email.toLowerCase() !== invitation.email) return refused(`Cette invitation est adressée à ${invitation.email}.`, 403);
  await acceptInvitation(invitation.id, user.id);
  const [site] = await claimAcceptedInvitations(user, invitation.id);
  if (!site) return refused("Le site n'a pas pu être ajouté : il est peut-être déjà dans un compte.");
  throw await redirectWithToast(`/sites/${site.id}`, {
    title: "Site ajouté",
    description: `${site.name} est maintenant dans votre compte.`,
  });
}

const INTENTS = { signup: signUp, claim };

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = intentOf(form, INTENTS);
  if (intent === "claim") return claim(request);
  if (intent === "signup") return signUp(request, form);
  return refused("Formulaire invalide.");
}

export default function InvitationPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.mode === "invalid") {
    return (
      <AuthMain>
        <AuthCard title="Invitation non valable" description={loaderData.message}>
          <Button asChild className="w-full">
            {loaderData.signedIn ? <Link to="/sites">Voir mes sites</Link> : <Link to="/auth">Aller à la connexion</Link>}
          </Button>
        </AuthCard>
      </AuthMain>
    );
  }
  const siteLine = (
    <>
      Votre site <strong className="font-medium text-foreground [overflow-wrap:anywhere]">{loaderData.site.url}</strong> vous attend.
    </>
  );
  switch (loaderData.mode) {
    case "claim":
      return <ClaimCard siteLine={siteLine} email={loaderData.email} />;
    case "other-account":
      return (
        <AuthMain>
          <AuthCard
            title="Une invitation pour une autre adresse"
            description={
              <>
                Cette invitation est adressée à {loaderData.email}, et vous êtes connecté avec {loaderData.signedInAs}. Déconnectez-vous,
                puis rouvrez le lien.
              </>
            }
          >
            <Button asChild className="w-full" variant="outline">
              <Link to="/sites">Retour à mes sites</Link>
            </Button>
          </AuthCard>
        </AuthMain>
      );
    case "sign-in":
      return (
        <AuthMain>
          <AuthCard
            title="Vous avez déjà un compte"
            description={
              <>
                {siteLine} Un compte existe déjà pour {loaderData.email} : connectez-vous, puis rouvrez le lien de l'invitation pour ajouter
                le site.
              </>
            }
          >
            <Button asChild className="w-full">
              <Link to="/auth">Se connecter</Link>
            </Button>
          </AuthCard>
        </AuthMain>
      );
    case "sign-up":
      return <SignUpCard siteLine={siteLine} email={loaderData.email} />;
  }
}

function ClaimCard({ siteLine, email }: { siteLine: React.ReactNode; email: string }) {
  const fetcher = useToastFetcher<typeof action>();
  return (
    <AuthMain>
      <AuthCard
        title="Ajouter le site à votre compte"
        description={
          <>
            {siteLine} Vous êtes connecté avec {email}.
          </>
        }
      >
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="claim" />
          <Button type="submit" className="w-full" disabled={fetcher.state !== "idle"}>
            {fetcher.state !== "idle" ? "Ajout..." : "Ajouter le site"}
          </Button>
        </fetcher.Form>
      </AuthCard>
    </AuthMain>
  );
}

function SignUpCard({ siteLine, email }: { siteLine: React.ReactNode; email: string }) {
  const fetcher = useToastFetcher<typeof action>();
  const [form, fields] = useSchemaForm(invitationSignUpSchema, {
    fetcher,
    onInvalid: (_, errors) => {
      if (errors.confirmPassword?.[0] === PASSWORD_MISMATCH) notify(errorToast(PASSWORD_MISMATCH, ERROR_TITLE));
    },
  });
  const busy = fetcher.state !== "idle";
  return (
    <AuthMain>
      <AuthCard title="Créez votre compte" description={<>{siteLine} Créez votre compte : le site y sera aussitôt.</>}>
        <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-4">
          <input type="hidden" name="intent" value="signup" />
          <div className="grid gap-2">
            <span className="text-sm font-medium">Adresse e-mail</span>
            <p className="rounded-md border bg-muted px-3 py-2 text-sm break-all" data-testid="invited-address">
              {email}
            </p>
            {/* For password managers: the account's name is this address. */}
            <input
              type="email"
              name="username"
              value={email}
              readOnly
              autoComplete="username"
              tabIndex={-1}
              aria-hidden="true"
              className="sr-only"
            />
          </div>
          <FormField id={fields.fullName.id} label="Nom complet" name="fullName" autoComplete="name" error={fields.fullName.errors?.[0]} />
          <NewPasswordFields label="Mot de passe" fields={fields} />
          <Button type="submit" disabled={busy}>
            {busy ? "Création du compte..." : "Créer mon compte"}
          </Button>
        </fetcher.Form>
      </AuthCard>
    </AuthMain>
  );
}
