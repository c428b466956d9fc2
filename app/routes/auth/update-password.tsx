import { useEffect, useState } from "react";
import { data, Link, useFetcher } from "react-router";
import type { Route } from "./+types/update-password";
import { AuthCard, AuthMain, NewPasswordFields } from "~/components/auth-card";
import { FormField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { authErrorMessage } from "~/lib/auth-messages";
import { BRAND_NAME } from "~/lib/constants";
import { notify } from "~/lib/notify";
import { PASSWORD_MISMATCH, updatePasswordSchema } from "~/lib/schemas/auth";
import { parseForm, type FieldErrors } from "~/lib/schemas/form";
import type { Toast } from "~/lib/toast";
import { callAuth, clientIp, findPasswordResetUser, getSessionUser } from "~/services/auth.server";
import { logger } from "~/services/logger.server";
import { redirectWithToast } from "~/services/toast.server";

export const meta: Route.MetaFunction = () => [{ title: `Nouveau mot de passe – ${BRAND_NAME}` }];

const SUCCESS: Toast = { type: "success", title: "Succès", description: "Votre mot de passe a été mis à jour" };
const INVALID_LINK = "Ce lien est invalide ou a expiré. Demandez-en un nouveau.";
const WRONG_CURRENT_PASSWORD = "Le mot de passe actuel est incorrect.";

/** Reached from the recovery e-mail (with a token), or by a signed-in user who wants a new password. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  if (token) return { mode: (await findPasswordResetUser(token)) ? "reset" : "invalid", token } as const;
  return { mode: (await getSessionUser(request)) ? "update" : "invalid", token: "" } as const;
}

type ActionResult = { ok: false; toast: Toast; errors?: FieldErrors; stamp: number };
const fail = (description: string, errors?: FieldErrors, status = 400) =>
  data<ActionResult>({ ok: false, toast: { type: "error", title: "Erreur", description }, errors, stamp: Date.now() }, { status });

export async function action({ request }: Route.ActionArgs) {
  const parsed = parseForm(updatePasswordSchema, await request.formData());
  if (!parsed.ok) return fail(Object.values(parsed.errors)[0] ?? "Formulaire invalide.", parsed.errors);
  const { currentPassword, password, token } = parsed.data;

  if (!token) {
    // Signed in: better-auth checks the current password (limited per account, see auth-limits), sets the
    // new one, ends every session of the account and opens a new one for this browser.
    const user = await getSessionUser(request);
    if (!user) return fail(INVALID_LINK, undefined, 401);
    const changed = await callAuth(request, "/change-password", {
      body: { currentPassword, newPassword: password, revokeOtherSessions: true },
    });
    if (!changed.ok) {
      logger.warn({ userId: user.id, ip: clientIp(request), code: changed.code, status: changed.status }, "password change refused");
      if (changed.code === "INVALID_PASSWORD") return fail(WRONG_CURRENT_PASSWORD, { currentPassword: WRONG_CURRENT_PASSWORD });
      return fail(authErrorMessage(changed.code, changed.status, changed.retryAfterSeconds), undefined, changed.status === 429 ? 429 : 400);
    }
    logger.info({ userId: user.id, ip: clientIp(request) }, "password updated; other sessions ended");
    return redirectWithToast("/dashboard", SUCCESS, { headers: changed.headers });
  }

  const account = await findPasswordResetUser(token);
  if (!account) return fail(INVALID_LINK);
  const reset = await callAuth(request, "/reset-password", { body: { newPassword: password, token } });
  if (!reset.ok)
    return fail(authErrorMessage(reset.code, reset.status, reset.retryAfterSeconds), undefined, reset.status === 429 ? 429 : 400);
  logger.info({ userId: account.id, ip: clientIp(request) }, "password reset");
  // Every earlier session was revoked; the person who just chose the password is signed in.
  const signIn = await callAuth(request, "/sign-in/email", { body: { email: account.email, password, rememberMe: true } });
  if (!signIn.ok) return redirectWithToast("/auth", SUCCESS);
  return redirectWithToast("/dashboard", SUCCESS, { headers: signIn.headers });
}

export default function UpdatePasswordPage({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<ActionResult>();
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const busy = fetcher.state !== "idle";
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.toast) notify(fetcher.data.toast);
  }, [fetcher.state, fetcher.data]);
  const errors: FieldErrors = { ...(fetcher.data?.errors ?? {}), ...clientErrors };

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

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = parseForm(updatePasswordSchema, form);
    if (!parsed.ok) {
      setClientErrors(parsed.errors);
      if (parsed.errors.confirmPassword === PASSWORD_MISMATCH) notify({ type: "error", title: "Erreur", description: PASSWORD_MISMATCH });
      return;
    }
    setClientErrors({});
    fetcher.submit(form, { method: "post" });
  }

  return (
    <AuthMain>
      <AuthCard title="Nouveau mot de passe" description="Choisissez un nouveau mot de passe d'au moins 8 caractères.">
        <fetcher.Form method="post" noValidate onSubmit={onSubmit} className="grid gap-4">
          <input type="hidden" name="token" value={loaderData.token} />
          {loaderData.mode === "update" ? (
            <FormField
              label="Mot de passe actuel"
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              required
              error={errors.currentPassword}
            />
          ) : null}
          <NewPasswordFields label="Nouveau mot de passe" errors={errors} />
          <Button type="submit" disabled={busy}>
            {busy ? "Mise à jour en cours..." : "Mettre à jour le mot de passe"}
          </Button>
        </fetcher.Form>
      </AuthCard>
    </AuthMain>
  );
}
