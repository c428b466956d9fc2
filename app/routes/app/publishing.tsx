/**
 * /sites/:siteId/publishing (issue 15): where the site's approved articles are published. Its WordPress: the
 * address (the site's by default), the user and an application password, stored sealed and never shown again;
 * 'Save and test' and 'Test connection' say plainly what is wrong; 'Publish on approval'; 'Disconnect' asks
 * first. POST intent=save (url, username, applicationPassword, publishOnApproval), intent=test, intent=disconnect.
 */
import { getFormProps } from "@conform-to/react";
import { CheckCircle2, CircleAlert, Import, PlugZap, Webhook } from "lucide-react";
import { createContext, useContext, useState } from "react";
import { Link, useFetcher } from "react-router";
import type { Route } from "./+types/publishing";
import { Breadcrumb } from "~/components/breadcrumb";
import { ConfirmDeleteDialog } from "~/components/confirm-dialog";
import { CopyButton } from "~/components/copy-button";
import { FormField } from "~/components/form-field";
import { NativeSelect } from "~/components/native-select";
import { RouteErrorBoundary } from "~/components/route-error";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { BRAND_NAME } from "~/lib/constants";
import { parseId } from "~/lib/not-found";
import { formatDateTime } from "~/lib/format";
import { WORDPRESS_STATUS_LABELS, type PublishingCheck } from "~/lib/publishing";
import { webhookSchema, wordpressConnectionSchema } from "~/lib/schemas/publishing";
import { parseSubmission } from "~/lib/schemas/submission";
import { errorToast, successToast } from "~/lib/toast";
import { useSchemaForm } from "~/lib/use-schema-form";
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

export const meta: Route.MetaFunction = ({ data }) => [{ title: `Publishing – ${data?.settings.site.name ?? "Site"} – ${BRAND_NAME}` }];

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
  const { site, wordpress, lastCheck } = settings;
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

        <Card>
          <CardHeader>
            <CardTitle className="flex flex-wrap items-center gap-2">
              <PlugZap className="size-5" aria-hidden />
              WordPress
              <ConnectionBadge connected={Boolean(wordpress)} check={lastCheck} />
            </CardTitle>
            <CardDescription>
              The product publishes through WordPress's REST API with an application password: create one in WordPress under Users › Profile
              › Application Passwords. It is stored encrypted and never shown again.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            {lastCheck && wordpress ? <CheckResult check={lastCheck} /> : null}
            {/* Made again after each save or test: the password typed is never kept in the field. */}
            <ConnectionForm
              key={`${wordpress?.url}-${wordpress?.username}-${settings.publishOnApproval}-${lastCheck?.at}`}
              settings={settings}
            />
          </CardContent>
        </Card>

        {wordpress ? <ImportCard siteId={site.id} /> : null}

        <WebhookCard settings={settings} />

        <Card>
          <CardHeader>
            <CardTitle>What gets published</CardTitle>
            <CardDescription>From the site's settings (Edit site on the site's page).</CardDescription>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-3 text-sm sm:grid-cols-3">
              <div>
                <dt className="text-muted-foreground">Published as</dt>
                <dd className="font-medium">{site.contentType === "page" ? "Pages" : "Posts"}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">WordPress status</dt>
                <dd className="font-medium">{WORDPRESS_STATUS_LABELS[site.defaultStatus] ?? site.defaultStatus}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Featured image</dt>
                <dd className="font-medium">{site.autoPublishImage ? "The chosen cover image" : "None"}</dd>
              </div>
            </dl>
          </CardContent>
        </Card>
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

function ConnectionBadge({ connected, check }: { connected: boolean; check: PublishingCheck | null }) {
  if (!connected) return <Badge variant="outline">Not connected</Badge>;
  if (!check) return <Badge variant="outline">Not tested</Badge>;
  return check.problem ? <Badge variant="destructive">Connection problem</Badge> : <Badge>Connected</Badge>;
}

function CheckResult({ check, webhook = false }: { check: PublishingCheck; webhook?: boolean }) {
  const ok = !check.problem;
  return (
    <div
      role="status"
      data-testid="connection-check"
      className={`flex gap-3 rounded-md border p-3 text-sm ${ok ? "border-emerald-600/40 bg-emerald-50 text-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-100" : "border-destructive/40 bg-destructive/5 text-destructive"}`}
    >
      {ok ? (
        <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden />
      ) : (
        <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      )}
      <div className="grid gap-1">
        <p className="font-medium">
          {!ok
            ? check.message
            : webhook
              ? `The webhook answered ${check.userName}: ready to publish.`
              : `Connected as ${check.userName}: ready to publish.`}
        </p>
        <p className="text-xs opacity-80">Tested {formatDateTime(check.at)}</p>
      </div>
    </div>
  );
}

function ConnectionForm({ settings }: { settings: Route.ComponentProps["loaderData"]["settings"] }) {
  const { site, wordpress } = settings;
  const saving = useToastFetcher<typeof action>(undefined, "publishing-save");
  const testing = useToastFetcher<typeof action>(undefined, "publishing-test");
  const [form, fields] = useSchemaForm(wordpressConnectionSchema, {
    fetcher: saving,
    defaultValue: {
      url: wordpress?.url ?? site.url,
      username: wordpress?.username ?? "",
      applicationPassword: "",
      publishOnApproval: settings.publishOnApproval ? "on" : "",
    },
  });
  const busy = saving.state !== "idle" || testing.state !== "idle";
  return (
    <>
      <saving.Form method="post" {...getFormProps(form)} className="grid gap-4">
        <input type="hidden" name="intent" value="save" />
        <div className="grid gap-4 md:grid-cols-2">
          <FormField
            id={fields.url.id}
            className="content-start"
            label="WordPress site address"
            name="url"
            type="url"
            inputMode="url"
            autoComplete="url"
            defaultValue={fields.url.initialValue}
            error={fields.url.errors?.[0]}
            hint="Where WordPress is installed, e.g. https://example.com or https://example.com/blog"
          />
          <FormField
            id={fields.username.id}
            className="content-start"
            label="WordPress user name"
            name="username"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            defaultValue={fields.username.initialValue}
            error={fields.username.errors?.[0]}
          />
        </div>
        <FormField
          id={fields.applicationPassword.id}
          label="Application password"
          name="applicationPassword"
          type="password"
          autoComplete="new-password"
          spellCheck={false}
          placeholder={wordpress?.hasPassword ? "Stored: leave empty to keep it" : "xxxx xxxx xxxx xxxx xxxx xxxx"}
          error={fields.applicationPassword.errors?.[0]}
          hint={
            wordpress?.hasPassword
              ? "A password is stored (encrypted) for this address. Type a new one to replace it; another address needs it typed again."
              : "Not your WordPress password: an application password, which you can revoke in WordPress at any time."
          }
        />
        <div className="flex items-start gap-3 text-sm">
          <input
            id="publish-on-approval"
            type="checkbox"
            name="publishOnApproval"
            defaultChecked={fields.publishOnApproval.initialValue === "on"}
            className="mt-0.5 size-4 accent-primary"
            aria-describedby="publish-on-approval-hint"
          />
          <div className="grid gap-1">
            <label htmlFor="publish-on-approval" className="font-medium">
              Publish on approval
            </label>
            <p id="publish-on-approval-hint" className="text-muted-foreground">
              Send a version to WordPress as soon as it is approved, with the WordPress status below.
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={busy}>
            {saving.state !== "idle" ? "Saving and testing..." : wordpress ? "Save and test" : "Connect and test"}
          </Button>
          {wordpress ? (
            <Button type="button" variant="outline" disabled={busy} onClick={() => testing.submit({ intent: "test" }, { method: "post" })}>
              {testing.state !== "idle" ? "Testing..." : "Test connection"}
            </Button>
          ) : null}
          {wordpress ? (
            <DisconnectButton
              disabled={busy}
              title="Disconnect WordPress?"
              description="The connection and its stored application password will be removed. Articles already published stay on WordPress."
            />
          ) : null}
        </div>
      </saving.Form>
    </>
  );
}

type DisconnectQuestion = { title: string; description: string };

/**
 * 'Disconnect' asks first, in one dialog of the screen's own (Publishing): the card that offers it is gone once
 * the connection is, and the answer's toast must still show.
 */
const AskDisconnect = createContext<(question: DisconnectQuestion) => void>(() => undefined);

function DisconnectButton({ disabled, ...question }: { disabled: boolean } & DisconnectQuestion) {
  const ask = useContext(AskDisconnect);
  return (
    <Button
      type="button"
      variant="ghost"
      className="text-destructive hover:text-destructive"
      disabled={disabled}
      onClick={() => ask(question)}
    >
      Disconnect
    </Button>
  );
}

type ImportAnswer = {
  ok: boolean;
  problem: string | null;
  listing: {
    items: { id: number; title: string; link: string; status: string; modified: string; pageId: number | null }[];
    total: number;
    pages: number;
    page: number;
  } | null;
};

/**
 * Import from WordPress: the site's posts or pages, searched and paged by WordPress; the chosen ones become
 * pages of the site with their current text as the first version (publishing them later updates the same post).
 */
function ImportCard({ siteId }: { siteId: number }) {
  const listing = useFetcher<ImportAnswer>();
  const [query, setQuery] = useState({ type: "post", search: "", page: 1 });
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const endpoint = `/sites/${siteId}/publishing/import`;
  const load = (page: number, next = query) => {
    setQuery({ ...next, page });
    listing.load(`${endpoint}?${new URLSearchParams({ type: next.type, search: next.search, page: String(page) })}`);
  };
  // Imported: the list is read again (its lines now say "Already a page").
  const importing = useToastFetcher<{ ok: boolean; imported?: number }>((answer) => {
    if (!answer.ok) return;
    setChosen(new Set());
    load(query.page);
  });
  const answer = listing.data;
  const loading = listing.state !== "idle";
  const items = answer?.listing?.items ?? [];
  const toggle = (id: number, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return (
    <Card role="region" aria-labelledby="import-title">
      <CardHeader>
        <CardTitle id="import-title" className="flex items-center gap-2">
          <Import className="size-5" aria-hidden />
          Import from WordPress
        </CardTitle>
        <CardDescription>
          Bring the site's existing posts or pages in as pages, each with its current text as its first version: review it, have it modified
          by instructions, and publish it back over itself.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form
          className="grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            const form = new FormData(event.currentTarget);
            setChosen(new Set());
            load(1, { type: String(form.get("type")), search: String(form.get("search") ?? ""), page: 1 });
          }}
        >
          <div className="grid gap-2">
            <Label htmlFor="import-type">Content</Label>
            <NativeSelect id="import-type" name="type" defaultValue={query.type}>
              <option value="post">Posts</option>
              <option value="page">Pages</option>
            </NativeSelect>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="import-search">Search on WordPress</Label>
            <Input
              id="import-search"
              name="search"
              type="search"
              defaultValue={query.search}
              placeholder="Words of the title or the text"
            />
          </div>
          <Button type="submit" variant="outline" disabled={loading}>
            {loading ? "Loading..." : answer ? "Search" : "List the site's content"}
          </Button>
        </form>
        {answer?.problem ? (
          <p role="alert" className="text-sm text-destructive">
            {answer.problem}
          </p>
        ) : null}
        {answer?.listing ? (
          items.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nothing on WordPress matches.</p>
          ) : (
            <>
              <p className="text-sm text-muted-foreground" aria-live="polite">
                {answer.listing.total} on WordPress · page {answer.listing.page} of {answer.listing.pages}
              </p>
              <ul aria-label="Content on WordPress" className={`grid divide-y rounded-md border ${loading ? "opacity-60" : ""}`}>
                {items.map((item) => (
                  <li key={item.id} className="flex items-start gap-3 px-3 py-2 text-sm">
                    <input
                      type="checkbox"
                      id={`import-${item.id}`}
                      className="mt-0.5 size-4 accent-primary"
                      disabled={item.pageId !== null}
                      checked={item.pageId === null && chosen.has(item.id)}
                      onChange={(event) => toggle(item.id, event.target.checked)}
                    />
                    <div className="grid min-w-0 gap-0.5">
                      <label htmlFor={`import-${item.id}`} className="font-medium break-words">
                        {item.title || `(untitled, ${item.id})`}
                      </label>
                      <span className="truncate text-xs text-muted-foreground">
                        {WORDPRESS_STATUS_LABELS[item.status] ?? item.status} · {item.link}
                      </span>
                    </div>
                    {item.pageId !== null ? (
                      <Link to={`/sites/${siteId}/pages/${item.pageId}`} className="ml-auto shrink-0 text-xs text-primary hover:underline">
                        Already a page
                      </Link>
                    ) : null}
                  </li>
                ))}
              </ul>
              <div className="flex flex-wrap items-center gap-2">
                <Button
                  type="button"
                  disabled={chosen.size === 0 || importing.state !== "idle"}
                  onClick={() => {
                    const form = new FormData();
                    form.set("type", query.type);
                    for (const id of chosen) form.append("id", String(id));
                    importing.submit(form, { method: "post", action: endpoint });
                  }}
                >
                  {importing.state !== "idle" ? "Importing..." : `Import selected (${chosen.size})`}
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={loading || answer.listing.page <= 1}
                  onClick={() => load(answer.listing!.page - 1)}
                >
                  Newer
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={loading || answer.listing.page >= answer.listing.pages}
                  onClick={() => load(answer.listing!.page + 1)}
                >
                  Older
                </Button>
              </div>
            </>
          )
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The webhook: its address, a signed test event, and its signing secret (shown once, when it is made). */
function WebhookCard({ settings }: { settings: Route.ComponentProps["loaderData"]["settings"] }) {
  const { webhook, lastCheck } = settings;
  const saving = useToastFetcher<typeof action>(undefined, "webhook-save");
  const testing = useToastFetcher<typeof action>(undefined, "webhook-test");
  const rotating = useToastFetcher<typeof action>(undefined, "webhook-rotate");
  const [form, fields] = useSchemaForm(webhookSchema, {
    fetcher: saving,
    defaultValue: { webhookUrl: webhook?.url ?? "", publishOnApproval: settings.publishOnApproval ? "on" : "" },
  });
  const answered = [saving.data, rotating.data].find((answer) => answer && "secret" in answer && answer.secret) as
    { secret: string } | undefined;
  const busy = saving.state !== "idle" || testing.state !== "idle" || rotating.state !== "idle";
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <Webhook className="size-5" aria-hidden />
          Webhook
          <Badge variant={webhook ? "default" : "outline"}>{webhook ? "In use" : "Not in use"}</Badge>
        </CardTitle>
        <CardDescription>
          For a site that does not run WordPress: each publish POSTs the article as JSON (title, slug, html, markdown, meta description,
          image URL, version id) to your address, signed with HMAC-SHA256 in the X-Webhook-Signature header (t=timestamp,v1=signature of
          "timestamp.body"). An answer other than 2xx is sent again later. Saving it makes it where this site publishes.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {lastCheck && webhook ? <CheckResult check={lastCheck} webhook /> : null}
        {answered ? (
          <div className="grid gap-2 rounded-md border border-amber-500/50 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100">
            <p className="font-medium">Signing secret: copy it now, it is not shown again.</p>
            <div className="flex flex-wrap items-center gap-2">
              <code className="rounded bg-background px-2 py-1 break-all text-foreground" data-testid="webhook-secret">
                {answered.secret}
              </code>
              <CopyButton text={answered.secret} label="Copy the signing secret" toastTitle="Secret copied" />
            </div>
          </div>
        ) : null}
        <saving.Form method="post" {...getFormProps(form)} className="grid gap-4">
          <input type="hidden" name="intent" value="save-webhook" />
          <FormField
            id={fields.webhookUrl.id}
            label="Webhook address"
            name="webhookUrl"
            type="url"
            inputMode="url"
            placeholder="https://example.com/hooks/articles"
            defaultValue={fields.webhookUrl.initialValue}
            error={fields.webhookUrl.errors?.[0]}
          />
          <div className="flex items-start gap-3 text-sm">
            <input
              id="webhook-publish-on-approval"
              type="checkbox"
              name="publishOnApproval"
              defaultChecked={fields.publishOnApproval.initialValue === "on"}
              className="mt-0.5 size-4 accent-primary"
            />
            <label htmlFor="webhook-publish-on-approval" className="font-medium">
              Send on approval (each version as soon as it is approved)
            </label>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant={webhook ? "default" : "outline"} disabled={busy}>
              {saving.state !== "idle" ? "Saving..." : webhook ? "Save webhook" : "Use this webhook"}
            </Button>
            {webhook ? (
              <>
                <Button
                  type="button"
                  variant="outline"
                  disabled={busy}
                  onClick={() => testing.submit({ intent: "test-webhook" }, { method: "post" })}
                >
                  {testing.state !== "idle" ? "Sending..." : "Send a test event"}
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  disabled={busy}
                  onClick={() => rotating.submit({ intent: "rotate-secret" }, { method: "post" })}
                >
                  New signing secret
                </Button>
                <DisconnectButton
                  disabled={busy}
                  title="Stop using this webhook?"
                  description="The webhook's address and its signing secret will be removed. What it already received stays with you."
                />
              </>
            ) : null}
          </div>
        </saving.Form>
      </CardContent>
    </Card>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
