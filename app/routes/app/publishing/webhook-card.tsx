import { getFormProps } from "@conform-to/react";
import { Webhook } from "lucide-react";
import { CopyButton } from "~/components/copy-button";
import { FormField } from "~/components/form-field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { webhookSchema } from "~/lib/schemas/publishing";
import { useSchemaForm } from "~/lib/use-schema-form";
import { useToastFetcher, type FetcherAnswer } from "~/lib/use-toast-fetcher";
import type { action } from "../publishing";
import { CheckResult } from "./check-result";
import { DisconnectButton } from "./disconnect-button";
import type { PublishingSettings } from "./types";

const secretOf = (answer: FetcherAnswer<typeof action> | undefined) => (answer && "secret" in answer ? answer.secret : null);

/** The webhook: its address, a signed test event, and its signing secret (shown once, when it is made). */
export function WebhookCard({ settings }: { settings: PublishingSettings }) {
  const { webhook, lastCheck } = settings;
  const saving = useToastFetcher<typeof action>(undefined, "webhook-save");
  const testing = useToastFetcher<typeof action>(undefined, "webhook-test");
  const rotating = useToastFetcher<typeof action>(undefined, "webhook-rotate");
  const [form, fields] = useSchemaForm(webhookSchema, {
    fetcher: saving,
    defaultValue: { webhookUrl: webhook?.url ?? "", publishOnApproval: settings.publishOnApproval ? "on" : "" },
  });
  // The signing secret, in the answer that made it (saving a new webhook, or a new secret).
  const secret = secretOf(saving.data) || secretOf(rotating.data);
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
        {secret ? (
          <div className="grid gap-2 rounded-md border border-amber-500/50 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100">
            <p className="font-medium">Signing secret: copy it now, it is not shown again.</p>
            <div className="flex flex-wrap items-center gap-2">
              <code className="rounded bg-background px-2 py-1 break-all text-foreground" data-testid="webhook-secret">
                {secret}
              </code>
              <CopyButton text={secret} label="Copy the signing secret" toastTitle="Secret copied" />
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
