import { getFormProps } from "@conform-to/react";
import { Link } from "react-router";
import type { Route } from "./+types/update-password";
import { AuthCard, AuthMain, NewPasswordFields } from "~/components/auth-card";
import { FormField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { authRefusal } from "~/lib/auth-messages";
import { BRAND_NAME } from "~/lib/constants";
import { notify } from "~/lib/notify";
import { PASSWORD_MISMATCH, updatePasswordSchema } from "~/lib/schemas/auth";
import { parseSubmission } from "~/lib/schemas/submission";
import { errorToast, successToast } from "~/lib/toast";
import { useSchemaForm } from "~/lib/use-schema-form";
import { useToastFetcher } from "~/lib/use-toast-fetcher";
import { callAuth, clientIp, findPasswordResetUser, getSessionUser, signInDestination, type AuthCallResult } from "~/services/auth.server";
import { logger } from "~/services/logger.server";
import { invalidForm, logRefused, reply } from "~/services/route-action.server";
import { redirectWithToast } from "~/services/toast.server";

export const meta: Route.MetaFunction = () => [{ title: `Nouveau mot de passe – ${BRAND_NAME}` }];

const SUCCESS = successToast("Succès", "Votre mot de passe a été mis à jour");
const INVALID_LINK = "Ce lien est invalide ou a expiré. Demandez-en un nouveau.";
const WRONG_CURRENT_PASSWORD = "Le mot de passe actuel est incorrect.";

/** Reached from the recovery e-mail (with a token), or by a signed-in user who wants a new password. */
export async function loader({ request, url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  if (token) return { mode: (await findPasswordResetUser(token)) ? "reset" : "invalid", token } as const;
  return { mode: (await getSessionUser(request)) ? "update" : "invalid", token: "" } as const;
}

/** The title of the screen's error toasts. */
const ERROR_TITLE = "Erreur";
/** Never sent back: the passwords, and the reset link's token. */
const SECRET_FIELDS = ["currentPassword", "password", "confirmPassword", "token"];

const refused = (description: string, status = 400) => reply({ ok: false, toast: errorToast(description, ERROR_TITLE) }, status);
const refusedByAuth = (result: AuthCallResult<unknown>) => {
  const { message, status } = authRefusal(result);
  return refused(message, status);
};

export async function action({ request }: Route.ActionArgs) {
  const submission = parseSubmission(await request.formData(), updatePasswordSchema);
  const invalid = (fieldErrors?: Record<string, string[]>) =>
    reply({
      ok: false,
      ...invalidForm(submission, { fieldErrors, hideFields: SECRET_FIELDS, title: ERROR_TITLE, fallback: "Formulaire invalide." }),
    });
  if (submission.status !== "success") return invalid();
  const { currentPassword, password, token } = submission.value;

  if (!token) {
    // Signed in: better-auth checks the current password (limited per account, see auth-limits), sets the
    // new one, ends every session of the account and opens a new one for this browser.
    const user = await getSessionUser(request);
    if (!user) {
      logRefused(request, {});
      return refused(INVALID_LINK, 401);
    }
    const changed = await callAuth(request, "/change-password", {
      body: { currentPassword, newPassword: password, revokeOtherSessions: true },
    });
    if (!changed.ok) {
      logger.warn({ userId: user.id, ip: clientIp(request), code: changed.code, status: changed.status }, "password change refused");
      if (changed.code === "INVALID_PASSWORD") return invalid({ currentPassword: [WRONG_CURRENT_PASSWORD] });
      return refusedByAuth(changed);
    }
    logger.info({ userId: user.id, ip: clientIp(request) }, "password updated; other sessions ended");
    throw await redirectWithToast("/dashboard", SUCCESS, { headers: changed.headers });
  }

  const account = await findPasswordResetUser(token);
  if (!account) return refused(INVALID_LINK);
  const reset = await callAuth(request, "/reset-password", { body: { newPassword: password, token } });
  if (!reset.ok) return refusedByAuth(reset);
  logger.info({ userId: account.id, ip: clientIp(request) }, "password reset");
  // Every earlier session was revoked; the person who just chose the password is signed in.
  const signIn = await callAuth(request, "/sign-in/email", { body: { email: account.email, password, rememberMe: true } });
  if (!signIn.ok) throw await redirectWithToast("/auth", SUCCESS);
  throw await redirectWithToast(signInDestination(signIn), SUCCESS, { headers: signIn.headers });
}

export default function UpdatePasswordPage({ loaderData }: Route.ComponentProps) {
  const fetcher = useToastFetcher<typeof action>();
  const [form, fields] = useSchemaForm(updatePasswordSchema, {
    fetcher,
    // Two passwords that differ are also said as a toast (the other refusals only on their fields).
    onInvalid: (_, errors) => {
      if (errors.confirmPassword?.[0] === PASSWORD_MISMATCH) notify(errorToast(PASSWORD_MISMATCH, ERROR_TITLE));
    },
  });
  const busy = fetcher.state !== "idle";

  if (loaderData.mode === "invalid") {
    return (
      <AuthMain>
        <AuthCard
          title="Lien invalide ou expiré"
          description="Ce lien de réinitialisation n'est plus valable. Demandez un nouveau lien depuis l'écran de connexion (« Mot de passe oublié? »)."
        >
          <Button asChild className="w-full">
            <Link to="/auth">Retour à la connexion</Link>
          </Button>
        </AuthCard>
      </AuthMain>
    );
  }

  return (
    <AuthMain>
      <AuthCard title="Nouveau mot de passe" description="Choisissez un nouveau mot de passe d'au moins 8 caractères.">
        <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-4">
          <input type="hidden" name="token" value={loaderData.token} />
          {loaderData.mode === "update" ? (
            <FormField
              id={fields.currentPassword.id}
              label="Mot de passe actuel"
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              required
              error={fields.currentPassword.errors?.[0]}
            />
          ) : null}
          <NewPasswordFields label="Nouveau mot de passe" fields={fields} />
          <Button type="submit" disabled={busy}>
            {busy ? "Mise à jour en cours..." : "Mettre à jour le mot de passe"}
          </Button>
        </fetcher.Form>
      </AuthCard>
    </AuthMain>
  );
}
