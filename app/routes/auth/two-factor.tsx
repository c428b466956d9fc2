import { getFormProps } from "@conform-to/react";
import { Link, redirect, useSearchParams } from "react-router";
import type { Route } from "./+types/two-factor";
import { AuthCard, AuthMain } from "~/components/auth-card";
import { FormField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { authErrorMessage, authRefusal } from "~/lib/auth-messages";
import { BRAND_NAME } from "~/lib/constants";
import { twoFactorCodeSchema } from "~/lib/schemas/auth";
import { parseSubmission } from "~/lib/schemas/submission";
import { errorToast } from "~/lib/toast";
import { useSchemaForm } from "~/lib/use-schema-form";
import { useToastFetcher } from "~/lib/use-toast-fetcher";
import { callAuth, clientIp, hasTwoFactorChallenge, signInDestination } from "~/services/auth.server";
import { logger } from "~/services/logger.server";
import { invalidForm, reply } from "~/services/route-action.server";
import { redirectWithToast } from "~/services/toast.server";

export const meta: Route.MetaFunction = () => [{ title: `Connexion en deux étapes – ${BRAND_NAME}` }];

const ERROR_TITLE = "Erreur";
const WRONG_CODE = authErrorMessage("INVALID_CODE", 401);
const EXPIRED = authErrorMessage("INVALID_TWO_FACTOR_COOKIE", 401);

/** The second step of a sign-in, reached right after the password when the account has two-factor sign-in on. */
export async function loader({ request }: Route.LoaderArgs) {
  // Only in the ten minutes after a right password (better-auth's signed two_factor cookie).
  if (!hasTwoFactorChallenge(request)) throw redirect("/auth");
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const submission = parseSubmission(await request.formData(), twoFactorCodeSchema);
  if (submission.status !== "success")
    return reply({ ok: false, ...invalidForm(submission, { hideFields: ["code"], title: ERROR_TITLE, fallback: WRONG_CODE }) });
  if (!hasTwoFactorChallenge(request)) throw await redirectWithToast("/auth", errorToast(EXPIRED, ERROR_TITLE));
  const { code, backup } = submission.value;
  const result = backup
    ? await callAuth(request, "/two-factor/verify-backup-code", { body: { code } })
    : await callAuth(request, "/two-factor/verify-totp", { body: { code } });
  if (!result.ok) {
    logger.warn({ ip: clientIp(request), code: result.code, status: result.status, backup: Boolean(backup) }, "two-factor code refused");
    // The ten minutes after the password are over (or the challenge was used up): start again from the password.
    if (result.code === "INVALID_TWO_FACTOR_COOKIE") throw await redirectWithToast("/auth", errorToast(EXPIRED, ERROR_TITLE));
    const { message, status } = authRefusal(result);
    return reply(
      { ok: false, ...invalidForm(submission, { fieldErrors: { code: [message] }, hideFields: ["code"], title: ERROR_TITLE }) },
      status,
    );
  }
  logger.info(
    { ip: clientIp(request), userId: (result.data as { user?: { id?: string } })?.user?.id, backup: Boolean(backup) },
    "signed in with two factors",
  );
  throw await redirectWithToast(
    signInDestination(result),
    { title: "Connecté", description: "Vous êtes maintenant connecté" },
    { headers: result.headers },
  );
}

export default function TwoFactorPage() {
  const [params] = useSearchParams();
  const backup = params.get("backup") === "1";
  const fetcher = useToastFetcher<typeof action>();
  const [form, fields] = useSchemaForm(twoFactorCodeSchema, { fetcher });
  const busy = fetcher.state !== "idle";
  return (
    <AuthMain>
      <AuthCard
        title="Connexion en deux étapes"
        description={
          backup
            ? "Saisissez l'un de vos codes de secours. Chaque code ne sert qu'une fois."
            : "Saisissez le code à 6 chiffres affiché par votre application d'authentification."
        }
      >
        <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-4">
          {backup ? <input type="hidden" name="backup" value="1" /> : null}
          <FormField
            key={backup ? "backup" : "totp"}
            id={fields.code.id}
            label={backup ? "Code de secours" : "Code de vérification"}
            name="code"
            autoComplete="one-time-code"
            inputMode={backup ? "text" : "numeric"}
            autoFocus
            required
            error={fields.code.errors?.[0]}
          />
          <Button type="submit" disabled={busy}>
            {busy ? "Vérification..." : "Vérifier"}
          </Button>
        </fetcher.Form>
        <p className="mt-4 text-center text-sm text-muted-foreground">
          {backup ? (
            <Link to="/auth/two-factor" className="text-primary underline underline-offset-4">
              Utiliser l'application d'authentification
            </Link>
          ) : (
            <Link to="/auth/two-factor?backup=1" className="text-primary underline underline-offset-4">
              Utiliser un code de secours
            </Link>
          )}
        </p>
      </AuthCard>
    </AuthMain>
  );
}
