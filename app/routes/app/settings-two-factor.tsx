/**
 * /settings/two-factor: a client turns two-factor sign-in on (issue 16), with the same two steps as the team's
 * console (components/two-factor-setup.tsx, services/two-factor-setup.server.ts). Once on, every sign-in asks
 * for a code of the app, or a backup code (/auth/two-factor); /settings turns it off.
 */
import { redirect } from "react-router";
import type { Route } from "./+types/settings-two-factor";
import { PageHeader } from "~/components/page-header";
import { TwoFactorSetup } from "~/components/two-factor-setup";
import { BRAND_NAME } from "~/lib/constants";
import { errorToast } from "~/lib/toast";
import { accountSecurity, requireUser, type SessionUser } from "~/services/auth.server";
import { intentOf, reply } from "~/services/route-action.server";
import { redirectWithToast } from "~/services/toast.server";
import { twoFactorEnableStep, twoFactorVerifyStep } from "~/services/two-factor-setup.server";

export const meta: Route.MetaFunction = () => [{ title: `Connexion en deux étapes – ${BRAND_NAME}` }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  if ((await accountSecurity(request))?.twoFactorEnabled) throw redirect("/settings");
  return { email: user.email };
}

type Ctx = { request: Request; form: FormData; user: SessionUser };

const INTENTS = {
  enable: ({ request, form, user }: Ctx) => twoFactorEnableStep(request, form, user.id),
  verify: async ({ request, form, user }: Ctx) => {
    const verified = await twoFactorVerifyStep(request, form, user.id);
    if ("refused" in verified) return verified.refused;
    throw await redirectWithToast(
      "/settings",
      { title: "Connexion en deux étapes activée", description: "Elle vous sera demandée à chaque connexion." },
      { headers: verified.headers },
    );
  },
};

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const intent = intentOf(form, INTENTS);
  if (!intent) return reply({ ok: false, toast: errorToast("Formulaire invalide.", "Erreur") });
  return INTENTS[intent]({ request, form, user });
}

export default function SettingsTwoFactor({ loaderData: { email } }: Route.ComponentProps) {
  return (
    <div className="mx-auto grid max-w-2xl gap-6">
      <PageHeader
        title="Connexion en deux étapes"
        description="En plus du mot de passe, chaque connexion demandera un code de votre application d'authentification (Google Authenticator, 1Password, Aegis...)."
      />
      <TwoFactorSetup email={email} action="/settings/two-factor" />
    </div>
  );
}
