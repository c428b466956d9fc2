import { getFormProps } from "@conform-to/react";
import { redirect } from "react-router";
import { encode } from "uqr";
import type { Route } from "./+types/two-factor";
import { FormField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { authErrorMessage, authRefusal } from "~/lib/auth-messages";
import { BRAND_NAME } from "~/lib/constants";
import { twoFactorEnableSchema, twoFactorVerifySchema } from "~/lib/schemas/auth";
import { parseSubmission } from "~/lib/schemas/submission";
import { errorToast } from "~/lib/toast";
import { useSchemaForm } from "~/lib/use-schema-form";
import { useToastFetcher } from "~/lib/use-toast-fetcher";
import { callAuth, clientIp, requireTeamMember, type TeamMember } from "~/services/auth.server";
import { logger } from "~/services/logger.server";
import { intentOf, invalidForm, reply } from "~/services/route-action.server";
import { writeAudit } from "~/services/team-audit.server";
import { redirectWithToast } from "~/services/toast.server";

export const meta: Route.MetaFunction = () => [
  { title: `Connexion en deux étapes – ${BRAND_NAME}` },
  { name: "robots", content: "noindex" },
];

const ERROR_TITLE = "Erreur";
const WRONG_PASSWORD = authErrorMessage("INVALID_PASSWORD", 400);
const WRONG_CODE = authErrorMessage("INVALID_CODE", 401);

/** A team account must turn two-factor sign-in on before anything else of the console (issue 14). */
export async function loader({ request }: Route.LoaderArgs) {
  const member = await requireTeamMember(request, { twoFactorSetUp: false });
  if (member.twoFactorEnabled) throw redirect("/team");
  return { email: member.email };
}

/** The QR code of the TOTP address, as one SVG path (drawn on the server: no QR library in the browser). */
function qrPath(uri: string): { size: number; d: string } {
  const { data, size } = encode(uri, { ecc: "M", border: 2 });
  let d = "";
  data.forEach((row, y) => row.forEach((dark, x) => dark && (d += `M${x} ${y}h1v1h-1z`)));
  return { size, d };
}

type Ctx = { request: Request; form: FormData; member: TeamMember };

/** Step 1: the password; better-auth makes a secret and ten backup codes, not active until a code proves the app has it. */
async function enable({ request, form, member }: Ctx) {
  const submission = parseSubmission(form, twoFactorEnableSchema);
  if (submission.status !== "success")
    return reply({ ok: false, ...invalidForm(submission, { hideFields: ["password"], title: ERROR_TITLE, fallback: WRONG_PASSWORD }) });
  const result = await callAuth<{ totpURI: string; backupCodes: string[] }>(request, "/two-factor/enable", {
    body: { password: submission.value.password, issuer: BRAND_NAME },
  });
  if (!result.ok || !result.data?.totpURI) {
    logger.warn({ userId: member.id, ip: clientIp(request), code: result.code, status: result.status }, "two-factor set-up refused");
    const { message, status } = authRefusal(result);
    return reply(
      { ok: false, ...invalidForm(submission, { fieldErrors: { password: [message] }, hideFields: ["password"], title: ERROR_TITLE }) },
      status,
    );
  }
  const { totpURI, backupCodes } = result.data;
  const secret = new URL(totpURI).searchParams.get("secret") ?? "";
  return reply({ ok: true, setUp: { qr: qrPath(totpURI), secret, backupCodes } }, 200, { "Cache-Control": "no-store" });
}

/** Step 2: a code of the app; better-auth turns two-factor sign-in on and opens a new session. */
async function verify({ request, form, member }: Ctx) {
  const submission = parseSubmission(form, twoFactorVerifySchema);
  if (submission.status !== "success")
    return reply({ ok: false, ...invalidForm(submission, { title: ERROR_TITLE, fallback: WRONG_CODE }) });
  const result = await callAuth(request, "/two-factor/verify-totp", { body: { code: submission.value.code } });
  if (!result.ok) {
    logger.warn({ userId: member.id, ip: clientIp(request), code: result.code, status: result.status }, "two-factor set-up code refused");
    const { message, status } = authRefusal(result);
    return reply({ ok: false, ...invalidForm(submission, { fieldErrors: { code: [message] }, title: ERROR_TITLE }) }, status);
  }
  await writeAudit({ actor: member, action: "two_factor.enabled", record: { type: "user", id: member.id } });
  logger.info({ userId: member.id, ip: clientIp(request) }, "two-factor sign-in turned on");
  throw await redirectWithToast(
    "/team",
    { title: "Connexion en deux étapes activée", description: "Elle vous sera demandée à chaque connexion." },
    { headers: result.headers },
  );
}

const INTENTS = { enable, verify };

export async function action({ request }: Route.ActionArgs) {
  const member = await requireTeamMember(request, { twoFactorSetUp: false });
  const form = await request.formData();
  const intent = intentOf(form, INTENTS);
  if (!intent) return reply({ ok: false, toast: errorToast("Formulaire invalide.", ERROR_TITLE) });
  return INTENTS[intent]({ request, form, member });
}

export default function TeamTwoFactor({ loaderData: { email } }: Route.ComponentProps) {
  const enabling = useToastFetcher<typeof action>();
  const verifying = useToastFetcher<typeof action>();
  const [enableForm, enableFields] = useSchemaForm(twoFactorEnableSchema, { fetcher: enabling });
  const [verifyForm, verifyFields] = useSchemaForm(twoFactorVerifySchema, { fetcher: verifying });
  const setUp = enabling.data && "setUp" in enabling.data ? enabling.data.setUp : null;

  return (
    <div className="mx-auto grid max-w-2xl gap-6">
      <div>
        <h1 className="text-2xl font-semibold">Connexion en deux étapes</h1>
        <p className="text-muted-foreground">
          Les comptes de l'équipe ouvrent les données de tous les clients : en plus du mot de passe, chaque connexion demande un code de
          votre application d'authentification (Google Authenticator, 1Password, Aegis...). Activez-la pour accéder à la console.
        </p>
      </div>

      <Card>
        <CardHeader>
          <CardTitle className="text-lg">
            <h2>1. Confirmez votre mot de passe</h2>
          </CardTitle>
          <CardDescription>Compte {email}</CardDescription>
        </CardHeader>
        <CardContent>
          <enabling.Form method="post" {...getFormProps(enableForm)} className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end">
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
            <verifying.Form method="post" {...getFormProps(verifyForm)} className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end">
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
    </div>
  );
}
