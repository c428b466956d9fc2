import { useEffect } from "react";
import { redirect, useSearchParams } from "react-router";
import type { Route } from "./+types/profile";
import { PageHeader } from "~/components/page-header";
import { ProfileCard } from "./profile/profile-card";
import { LINKEDIN_MESSAGES as M, linkCallbackError } from "./profile/profile-messages";
import { BRAND_NAME } from "~/lib/constants";
import { notify } from "~/lib/notify";
import { errorToast, successToast } from "~/lib/toast";
import { linkedAccountId } from "~/models/linked-account.server";
import { callAuth, getSessionUser, requireUser, type SessionUser } from "~/services/auth.server";
import { getEnv } from "~/services/env.server";
import { logger } from "~/services/logger.server";
import { intentOf, logRefused, reply, runIntent } from "~/services/route-action.server";
import { LinkedInCard, type LinkedInState } from "./profile/linkedin-card";

export const meta: Route.MetaFunction = () => [{ title: `Votre Profil – ${BRAND_NAME}` }];

const LINKEDIN = "linkedin";

function linkedinConfigured() {
  const env = getEnv();
  return Boolean(env.LINKEDIN_CLIENT_ID && env.LINKEDIN_CLIENT_SECRET);
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  let linkedin: LinkedInState = { configured: false };
  if (linkedinConfigured()) {
    try {
      linkedin = { configured: true, linked: (await linkedAccountId(user, LINKEDIN)) !== null };
    } catch (error) {
      logger.error({ err: error, userId: user.id }, "linkedin account lookup failed");
      linkedin = { configured: true, linked: false };
    }
  }
  return { user, linkedin };
}

type Ctx = { request: Request; user: SessionUser };

/** A refusal, said as a French toast. */
const failure = (description: string, status = 400) => reply({ ok: false, toast: errorToast(description, "Erreur") }, status);

/** better-auth's link flow: it answers with LinkedIn's authorization URL and sets its state cookie; the browser goes there. */
async function link({ request, user }: Ctx) {
  const result = await callAuth<{ url?: string }>(request, "/link-social", {
    body: { provider: LINKEDIN, callbackURL: "/profile", errorCallbackURL: "/profile", disableRedirect: true },
  });
  if (!result.ok || !result.data?.url) {
    logger.warn({ userId: user.id, status: result.status, code: result.code }, "linkedin link could not start");
    return failure(result.code === "SESSION_NOT_FRESH" ? M.notFresh : M.linkFailed, result.status >= 400 ? result.status : 500);
  }
  throw redirect(result.data.url, { headers: result.headers });
}

async function unlink({ request, user }: Ctx) {
  const accountId = await linkedAccountId(user, LINKEDIN);
  if (!accountId) return failure(M.notLinked, 404);
  const result = await callAuth(request, "/unlink-account", { body: { accountId } });
  if (!result.ok) {
    logger.warn({ userId: user.id, status: result.status, code: result.code }, "linkedin unlink refused");
    const message =
      result.code === "FAILED_TO_UNLINK_LAST_ACCOUNT" ? M.lastAccount : result.code === "SESSION_NOT_FRESH" ? M.notFresh : M.unlinkFailed;
    return failure(message, result.status);
  }
  logger.info({ userId: user.id }, "linkedin account unlinked");
  return reply({ ok: true, toast: successToast(M.disconnected) });
}

const INTENTS = { link, unlink };

export async function action({ request }: Route.ActionArgs) {
  const user = await getSessionUser(request);
  if (!user) {
    logRefused(request, {});
    return failure(M.signedOut, 401);
  }
  if (!linkedinConfigured()) return failure(M.notConfigured);
  const intent = intentOf(await request.formData(), INTENTS);
  if (!intent) return failure(M.linkFailed);
  // Anything unexpected (the database, better-auth) is logged and goes on to the error page.
  return runIntent(
    INTENTS,
    intent,
    { request, user },
    {
      failed: (error) => {
        throw error;
      },
    },
  );
}

export default function Profile({ loaderData: { user, linkedin } }: Route.ComponentProps) {
  const [params, setParams] = useSearchParams();
  const error = params.get("error");
  // better-auth comes back to /profile?error=... when linking failed: a French toast, then a clean URL.
  useEffect(() => {
    if (!error) return;
    notify({ type: "error", title: "Erreur", description: linkCallbackError(error) });
    setParams(
      (p) => {
        p.delete("error");
        p.delete("error_description");
        return p;
      },
      { replace: true },
    );
  }, [error, setParams]);

  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <PageHeader title="Votre Profil" />
      <ProfileCard user={user} />
      <LinkedInCard state={linkedin} />
    </div>
  );
}
