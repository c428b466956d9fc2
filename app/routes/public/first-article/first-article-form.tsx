import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { FieldError, FormField } from "~/components/form-field";
import { IslandScript } from "~/components/island-script";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import type { action } from "../first-article";
import { FIRST_ARTICLE_ACTION, FIRST_ARTICLE_API, FIRST_ARTICLE_BUSY_LABEL, FIRST_ARTICLE_SUBMIT_LABEL } from "~/lib/first-article";
import { notify } from "~/lib/notify";
import { checkForm, type FormErrors } from "~/lib/schemas/form";
import { GUIDELINES_MAX, HONEYPOT_FIELD, TOPIC_MAX } from "~/lib/schemas/public-form-fields";
import type { LanguageChoices } from "~/lib/site-language";
import { cn } from "~/lib/utils";
import { useOnChange } from "~/lib/use-on-change";
import { LanguageFields } from "./language-fields";

const loadSchema = () => import("~/lib/schemas/public-forms").then((module) => module.firstArticleSchema);
const preloadSchema = () => void loadSchema().catch(() => undefined);

/**
 * The first-article form (spec part 3): website URL, its language and country (issue 38), an optional topic or
 * keyword for the article, the payment e-mail, an optional contact e-mail and optional guidelines. It works without JavaScript (a plain post to /first-article). On the public page, a static page,
 * its island (app/islands/first-article-form.ts) posts it to /api/first-article and shows the answer; on the
 * signed-in site list, a hydrated page, a fetcher posts it to /first-article after the schema checked the
 * fields (checkForm: no conform on this form, docs/decisions/017), and stays on the list when it is refused.
 * The schema (and zod with it) loads when the form first takes the focus, not with the list: a new person's
 * first screen would otherwise carry 25 KB more of compressed JavaScript.
 * `serverErrors` are the action's refusal of a post without JavaScript (conform's `result.error`);
 * `defaultEmail` fills the payment e-mail (a signed-in account's address).
 */
export function FirstArticleForm({
  choices,
  serverErrors,
  defaultEmail,
  title = "About your website",
  className,
}: {
  /** The languages and countries to offer (the loader's listLanguageChoices). */
  choices: LanguageChoices;
  serverErrors?: FormErrors;
  defaultEmail?: string;
  title?: string;
  className?: string;
}) {
  // The action's refusals (a success redirects).
  const fetcher = useFetcher<typeof action>();
  const busy = fetcher.state !== "idle";
  const [clientErrors, setClientErrors] = useState<FormErrors | null>(null);
  const refusal = fetcher.data;
  const answered = (refusal && "result" in refusal ? refusal.result.error : undefined) ?? serverErrors;
  const errors = clientErrors ?? answered ?? {};
  const error = (name: string) => errors[name]?.[0];
  // Server answers replace the browser's own check.
  useOnChange(answered, () => setClientErrors(null));
  const toast = refusal && "toast" in refusal ? refusal.toast : undefined;
  useEffect(() => {
    if (toast) notify(toast);
  }, [toast]);

  // One check at a time: a second press while the schema loads posts nothing more.
  const checking = useRef(false);
  async function check(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (checking.current) return;
    const form = event.currentTarget;
    checking.current = true;
    // Without its schema (its file did not load), the form goes as it is: the action checks it again.
    const schema = await loadSchema().catch(() => null);
    checking.current = false;
    const found = schema && checkForm(schema, new FormData(form));
    if (found) {
      setClientErrors(found);
      const first = Object.keys(found)[0];
      form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setClientErrors(null);
    fetcher.submit(form, { method: "post", action: FIRST_ARTICLE_ACTION });
  }
  const clear = (name: string) => () => clientErrors?.[name] && setClientErrors({ ...clientErrors, [name]: null });

  return (
    <fetcher.Form
      method="post"
      action={FIRST_ARTICLE_ACTION}
      noValidate
      onSubmit={check}
      onFocus={preloadSchema}
      data-island="first-article-form"
      data-api={FIRST_ARTICLE_API}
      className={cn("grid gap-5 rounded-2xl border bg-card p-6 shadow-sm sm:p-8", className)}
      aria-labelledby="first-article-form-title"
    >
      <h2 id="first-article-form-title" className="text-xl font-semibold">
        {title}
      </h2>
      <FormField
        label="Website URL"
        name="url"
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="https://example.com"
        error={error("url")}
        onChange={clear("url")}
      />
      <LanguageFields
        choices={choices}
        errors={{ language: error("language"), country: error("country") }}
        onEdit={(name) => clear(name)()}
      />
      <FormField
        id="topic"
        label="Topic or keyword for your first article (optional)"
        name="topic"
        maxLength={TOPIC_MAX}
        placeholder="e.g. sourdough bread at home"
        hint="What the article should be about, as your readers would search for it. Left empty, we choose one from your guidelines."
        error={error("topic")}
        onChange={clear("topic")}
      />
      <FormField
        label="Stripe email"
        name="stripe_email"
        type="email"
        autoComplete="email"
        defaultValue={defaultEmail}
        hint="The e-mail address you used (or will use) to pay for the trial, so that we can match your payment."
        error={error("stripe_email")}
        onChange={clear("stripe_email")}
      />
      <FormField
        label="Contact email (optional)"
        name="email1"
        type="email"
        autoComplete="email"
        hint="Where we should send the article and our questions, if it is not the address above."
        error={error("email1")}
        onChange={clear("email1")}
      />
      <div className="grid gap-2">
        <Label htmlFor="additional_guidelines">Additional guidelines (optional)</Label>
        <Textarea
          id="additional_guidelines"
          name="additional_guidelines"
          maxLength={GUIDELINES_MAX}
          className="min-h-[120px]"
          aria-describedby="additional_guidelines-hint additional_guidelines-error"
          aria-invalid={error("additional_guidelines") ? true : undefined}
        />
        <p id="additional_guidelines-hint" className="text-xs text-muted-foreground">
          Topics you want covered, your readers, words to avoid, competitors not to mention…
        </p>
        <FieldError id="additional_guidelines-error" error={error("additional_guidelines")} />
      </div>
      <div className="sr-only" aria-hidden="true">
        <label htmlFor={HONEYPOT_FIELD}>Leave this field empty</label>
        <input id={HONEYPOT_FIELD} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? FIRST_ARTICLE_BUSY_LABEL : FIRST_ARTICLE_SUBMIT_LABEL}
      </Button>
      <IslandScript name="first-article-form" />
    </fetcher.Form>
  );
}
