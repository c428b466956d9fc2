/**
 * /sites/:siteId/publishing (issue 15): where the site's approved articles are published. Its WordPress: the
 * address (the site's by default), the user and an application password, stored sealed and never shown again;
 * 'Save and test' and 'Test connection' say plainly what is wrong; 'Publish on approval'; 'Disconnect' asks
 * first. POST intent=save (url, username, applicationPassword, publishOnApproval), intent=test, intent=disconnect,
 * and the webhook's intent=save-webhook (webhookUrl, publishOnApproval), intent=test-webhook, intent=rotate-secret.
 * The screen's cards live beside it, in publishing/ (WordPress, import, webhook, what gets published); the import
 * card loads and posts /sites/:siteId/publishing/import (publishing-import.ts).
 */
import { useState } from "react";
import type { Route } from "./+types/publishing";
import { Breadcrumb } from "~/components/breadcrumb";
import { ConfirmDeleteDialog } from "~/components/confirm-dialog";
import { RouteErrorBoundary } from "~/components/route-error";
import { BRAND_NAME } from "~/lib/constants";
import { parseId } from "~/lib/not-found";
import type { PublishingCheck } from "~/lib/publishing";
import { webhookSchema, wordpressConnectionSchema } from "~/lib/schemas/publishing";
import { parseSubmission } from "~/lib/schemas/submission";
import { errorToast, successToast } from "~/lib/toast";
import { useToastFetcher } from "~/lib/use-toast-fetcher";
import { orNotFound, requireActor } from "~/models/access.server";
import {
  disconnectPublishing,
  getPublishingSettings,
  MissingPasswordError,
  rotateWebhookSecret,
  saveWebhookConnection,
  saveWordPressConnection,
  testWebhook,
  testWordPressConnection,
} from "~/models/site-publishing.server";
import type { SessionUser } from "~/services/auth.server";
import { intentOf, invalidForm, reply, runIntent } from "~/services/route-action.server";
import { AskDisconnect, type DisconnectQuestion } from "./publishing/disconnect-button";
import { ImportCard } from "./publishing/import-card";
import { WebhookCard } from "./publishing/webhook-card";
import { WhatGetsPublishedCard } from "./publishing/what-gets-published-card";
import { WordPressCard } from "./publishing/wordpress-card";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `Publishing – ${loaderData?.settings.site.name ?? "Site"} – ${BRAND_NAME}` }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireActor(request);
  const settings = await orNotFound(request, user, "site", () => getPublishingSettings(user, parseId(params.siteId, "site")));
  return { settings };
}

type Ctx = { request: Request; form: FormData; user: SessionUser; siteId: number };

/** The toast of a test's result: what works, or the problem in the words the client reads on the screen too. */
function checkToast(check: PublishingCheck, saved: boolean) {
  const prefix = saved ? "Connection saved. " : "";
  return check.problem
    ? errorToast(`${prefix}${check.message ?? "The connection does not work."}`, "WordPress connection problem")
    : successToast(saved ? "Connection saved" : "Connection works", `Connected as ${check.userName}: ready to publish.`);
}

async function save({ form, user, siteId }: Ctx) {
  const submission = parseSubmission(form, wordpressConnectionSchema);
  if (submission.status !== "success")
    return reply({ ok: false, intent: "save", ...invalidForm(submission, { title: "Connection not saved" }) });
  try {
    const check = await saveWordPressConnection(user, siteId, submission.value);
    return reply({ ok: true, intent: "save", check, toast: checkToast(check, true) });
  } catch (error) {
    if (!(error instanceof MissingPasswordError)) throw error;
    return reply({
      ok: false,
      intent: "save",
      ...invalidForm(submission, { fieldErrors: { applicationPassword: [error.message] }, title: "Connection not saved" }),
    });
  }
}

async function test({ user, siteId }: Ctx) {
  const check = await testWordPressConnection(user, siteId);
  return reply({ ok: true, intent: "test", check, toast: checkToast(check, false) });
}

async function disconnect({ user, siteId }: Ctx) {
  await disconnectPublishing(user, siteId);
  return reply({
    ok: true,
    intent: "disconnect",
    toast: successToast("Disconnected", "The connection and its stored secret were removed."),
  });
}

async function saveWebhook({ form, user, siteId }: Ctx) {
  const submission = parseSubmission(form, webhookSchema);
  if (submission.status !== "success")
    return reply({ ok: false, intent: "save-webhook", ...invalidForm(submission, { title: "Webhook not saved" }) });
  const { secret } = await saveWebhookConnection(user, siteId, {
    url: submission.value.webhookUrl,
    publishOnApproval: submission.value.publishOnApproval,
  });
  return reply(
    {
      ok: true,
      intent: "save-webhook",
      secret,
      toast: successToast("Webhook saved", secret ? "Copy its signing secret now: it is not shown again." : "Approved articles go to it."),
    },
    200,
    { "Cache-Control": "no-store" },
  );
}

async function testWebhookIntent({ user, siteId }: Ctx) {
  const check = await testWebhook(user, siteId);
  return reply({
    ok: true,
    intent: "test-webhook",
    check,
    toast: check.problem
      ? errorToast(check.message ?? "The webhook did not answer.", "Webhook problem")
      : successToast("Webhook works", `It answered ${check.userName}.`),
  });
}

async function rotateSecret({ user, siteId }: Ctx) {
  const secret = await rotateWebhookSecret(user, siteId);
  return reply(
    {
      ok: true,
      intent: "rotate-secret",
      secret,
      toast: successToast("New signing secret", "Copy it now: it is not shown again. The old one no longer signs."),
    },
    200,
    { "Cache-Control": "no-store" },
  );
}

// Each answer names its intent (decision 016): without it, Disconnect's `{ ok: true, toast }` would take the place of
// the two answers that carry the signing secret in `typeof action` (TypeScript drops a member of the union of an
// inferred return type that is a subtype of another), and the webhook card could not read the secret without a cast.
const INTENTS = { save, test, disconnect, "save-webhook": saveWebhook, "test-webhook": testWebhookIntent, "rotate-secret": rotateSecret };

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireActor(request);
  const form = await request.formData();
  const intent = intentOf(form, INTENTS);
  if (!intent) return reply({ ok: false, intent: null, toast: errorToast("Unknown action.") });
  return runIntent(
    INTENTS,
    intent,
    { request, form, user, siteId: parseId(params.siteId, "site") },
    {
      failed: (_error, intent) =>
        reply({ ok: false, intent, toast: errorToast("Nothing was changed. Try again.", "Publishing settings not saved") }, 404),
    },
  );
}

export default function Publishing({ loaderData: { settings } }: Route.ComponentProps) {
  const { site, wordpress } = settings;
  const [question, setQuestion] = useState<DisconnectQuestion | null>(null);
  const disconnecting = useToastFetcher<typeof action>(() => setQuestion(null));
  return (
    <AskDisconnect.Provider value={setQuestion}>
      <div className="grid gap-6">
        <Breadcrumb
          items={[
            { label: "Dashboard", to: "/dashboard" },
            { label: "My Sites", to: "/sites" },
            { label: site.name, to: `/sites/${site.id}` },
            { label: "Publishing" },
          ]}
        />
        <div>
          <h1 className="text-2xl font-semibold">Publishing</h1>
          <p className="text-muted-foreground">Where {site.name}'s approved articles go: its WordPress site, or a webhook of yours.</p>
        </div>
        <WordPressCard settings={settings} />
        {wordpress ? <ImportCard siteId={site.id} /> : null}
        <WebhookCard settings={settings} />
        <WhatGetsPublishedCard site={site} />
      </div>
      <ConfirmDeleteDialog
        open={question !== null}
        title={question?.title ?? ""}
        description={question?.description ?? ""}
        busy={disconnecting.state !== "idle"}
        onCancel={() => setQuestion(null)}
        onConfirm={() => disconnecting.submit({ intent: "disconnect" }, { method: "post" })}
        labels={{ cancel: "Cancel", confirm: "Disconnect", busy: "Disconnecting..." }}
      />
    </AskDisconnect.Provider>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
