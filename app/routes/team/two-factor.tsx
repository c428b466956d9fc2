import { redirect } from "react-router";
import type { Route } from "./+types/two-factor";
import { TwoFactorSetup } from "~/components/two-factor-setup";
import { BRAND_NAME } from "~/lib/constants";
import { errorToast } from "~/lib/toast";
import { requireTeamMember, type TeamMember } from "~/services/auth.server";
import { intentOf, reply } from "~/services/route-action.server";
import { writeAudit } from "~/services/team-audit.server";
import { redirectWithToast } from "~/services/toast.server";
import { twoFactorEnableStep, twoFactorVerifyStep } from "~/services/two-factor-setup.server";

export const meta: Route.MetaFunction = () => [
  { title: `Connexion en deux étapes – ${BRAND_NAME}` },
  { name: "robots", content: "noindex" },
];

/** A team account must turn two-factor sign-in on before anything else of the console (issue 14). */
export async function loader({ request }: Route.LoaderArgs) {
  const member = await requireTeamMember(request, { twoFactorSetUp: false });
  if (member.twoFactorEnabled) throw redirect("/team");
  return { email: member.email };
}

type Ctx = { request: Request; form: FormData; member: TeamMember };

/** Step 1: the password (services/two-factor-setup.server.ts). */
const enable = ({ request, form, member }: Ctx) => twoFactorEnableStep(request, form, member.id);

/** Step 2: a code of the app; then the console, audited. */
async function verify({ request, form, member }: Ctx) {
  const verified = await twoFactorVerifyStep(request, form, member.id);
  if ("refused" in verified) return verified.refused;
  await writeAudit({ actor: member, action: "two_factor.enabled", record: { type: "user", id: member.id } });
  throw await redirectWithToast(
    "/team",
    { title: "Connexion en deux étapes activée", description: "Elle vous sera demandée à chaque connexion." },
    { headers: verified.headers },
  );
}

const INTENTS = { enable, verify };

export async function action({ request }: Route.ActionArgs) {
  const member = await requireTeamMember(request, { twoFactorSetUp: false });
  const form = await request.formData();
  const intent = intentOf(form, INTENTS);
  if (!intent) return reply({ ok: false, toast: errorToast("Formulaire invalide.", "Erreur") });
  return INTENTS[intent]({ request, form, member });
}

export default function TeamTwoFactor({ loaderData: { email } }: Route.ComponentProps) {
  return (
    <div className="mx-auto grid max-w-2xl gap-6">
      <div>
        <h1 className="text-2xl font-semibold">Connexion en deux étapes</h1>
        <p className="text-muted-foreground">
          Les comptes de l'équipe ouvrent les données de tous les clients : en plus du mot de passe, chaque connexion demande un code de
          votre application d'authentification (Google Authenticator, 1Password, Aegis...). Activez-la pour accéder à la console.
        </p>
      </div>
      <TwoFactorSetup email={email} action="/team/two-factor" />
    </div>
  );
}
