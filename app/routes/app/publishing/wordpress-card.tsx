import { getFormProps } from "@conform-to/react";
import { PlugZap } from "lucide-react";
import { FormField } from "~/components/form-field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { PublishingCheck } from "~/lib/publishing";
import { wordpressConnectionSchema } from "~/lib/schemas/publishing";
import { useSchemaForm } from "~/lib/use-schema-form";
import { useToastFetcher } from "~/lib/use-toast-fetcher";
import type { action } from "../publishing";
import { CheckResult } from "./check-result";
import { DisconnectButton } from "./disconnect-button";
import type { PublishingSettings } from "./types";

/**
 * The WordPress card: the connection's state, the last test's result, and the form (address, user, application
 * password, 'Publish on approval') with 'Save and test', 'Test connection' and 'Disconnect'.
 */
export function WordPressCard({ settings }: { settings: PublishingSettings }) {
  const { wordpress, lastCheck } = settings;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <PlugZap className="size-5" aria-hidden />
          WordPress
          <ConnectionBadge connected={Boolean(wordpress)} check={lastCheck} />
        </CardTitle>
        <CardDescription>
          The product publishes through WordPress's REST API with an application password: create one in WordPress under Users › Profile ›
          Application Passwords. It is stored encrypted and never shown again.
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
  );
}

function ConnectionBadge({ connected, check }: { connected: boolean; check: PublishingCheck | null }) {
  if (!connected) return <Badge variant="outline">Not connected</Badge>;
  if (!check) return <Badge variant="outline">Not tested</Badge>;
  return check.problem ? <Badge variant="destructive">Connection problem</Badge> : <Badge>Connected</Badge>;
}

function ConnectionForm({ settings }: { settings: PublishingSettings }) {
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
