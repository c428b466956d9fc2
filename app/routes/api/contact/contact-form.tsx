import { Send } from "lucide-react";
import { useId, useRef, useState } from "react";
import { FieldError } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { notify } from "~/lib/notify";
import { usePublicConfig } from "~/lib/public-config";
import { checkForm, type FormErrors } from "~/lib/schemas/form";
import type { FetcherAnswer } from "~/lib/use-toast-fetcher";
import type { action } from "../contact";

const FIELDS = ["name", "email", "message"] as const;
type Field = (typeof FIELDS)[number];

type PublicForms = typeof import("~/lib/schemas/public-forms");
/** HONEYPOT_FIELD of the shared schemas (the type check keeps them equal without loading zod up front). */
const HONEYPOT_FIELD: PublicForms["HONEYPOT_FIELD"] = "website";

/**
 * The schemas (and zod) load when the visitor first reaches the form, not with the page: the landing
 * page's first paint does not wait for a validation library it may never use.
 */
let schemas: Promise<PublicForms> | undefined;
const loadSchemas = () => (schemas ??= import("~/lib/schemas/public-forms"));

/** What /api/contact answers (JSON), read from its action. */
type ContactAnswer = FetcherAnswer<typeof action>;

function validate({ contactSchema }: PublicForms, form: HTMLFormElement): FormErrors {
  return checkForm(contactSchema, new FormData(form)) ?? {};
}

/**
 * The contact form (spec part 3): name, email, message, checked with the shared schema on submit (and
 * again field by field once a submit has failed), sent to /api/contact. Success resets the
 * form; a failure keeps what was typed. A honeypot field catches bots. The browser's check is the light
 * one of the public pages (checkForm, without conform: docs/decisions/017); the action answers its
 * refusals in conform's shape, shown the same way.
 */
const hasErrors = (errors: FormErrors | undefined): errors is FormErrors =>
  Object.values(errors ?? {}).some((messages) => messages?.length);

export function ContactForm() {
  const { contactEmail } = usePublicConfig();
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FormErrors>({});
  const [checked, setChecked] = useState(false);
  const [sending, setSending] = useState(false);
  const id = useId();

  /** Posts to /api/contact (JSON answer). Anything but a clear answer (network down, proxy error) is a failure notice, never the error page. */
  async function send(target: HTMLFormElement) {
    setSending(true);
    let answer: ContactAnswer | null = null;
    try {
      const response = await fetch("/api/contact", { method: "POST", body: new FormData(target), headers: { Accept: "application/json" } });
      if (response.headers.get("content-type")?.includes("application/json")) answer = (await response.json()) as ContactAnswer;
    } catch {
      answer = null;
    } finally {
      setSending(false);
    }
    if (answer?.ok) {
      notify({
        type: "success",
        title: "Message sent successfully!",
        description: "Thank you for your message. We'll get back to you soon.",
      });
      target.reset();
      setErrors({});
      setChecked(false);
    } else if (answer && "result" in answer && hasErrors(answer.result.error)) {
      setErrors(answer.result.error);
      setChecked(true);
      focusFirstInvalid(answer.result.error);
    } else {
      notify({ type: "error", title: "Error sending message", description: `Please try again or contact us directly at ${contactEmail}` });
    }
  }

  function focusFirstInvalid(found: FormErrors) {
    const first = FIELDS.find((field) => found[field]?.length);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const target = event.currentTarget;
    const found = validate(await loadSchemas(), target);
    setErrors(found);
    setChecked(true);
    if (hasErrors(found)) {
      focusFirstInvalid(found);
      return;
    }
    await send(target);
  }

  async function onChange(event: React.FormEvent<HTMLFormElement>) {
    if (!checked) return;
    const name = (event.target as HTMLInputElement).name as Field;
    if (!FIELDS.includes(name)) return;
    const target = event.currentTarget;
    const found = validate(await loadSchemas(), target);
    setErrors((current) => ({ ...current, [name]: found[name] }));
  }

  const fieldProps = (field: Field) => {
    const error = errors[field]?.[0];
    return {
      id: `${id}-${field}`,
      name: field,
      "aria-invalid": error ? true : undefined,
      "aria-describedby": error ? `${id}-${field}-error` : undefined,
    };
  };

  return (
    <form
      ref={form}
      method="post"
      action="/api/contact"
      noValidate
      onSubmit={onSubmit}
      onChange={onChange}
      onFocus={() => void loadSchemas()}
      onPointerEnter={() => void loadSchemas()}
      aria-label="Contact form"
      className="mx-auto grid max-w-2xl gap-5 rounded-2xl border bg-card p-6 shadow-sm sm:p-8"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-name`}>Name</Label>
          <Input {...fieldProps("name")} type="text" autoComplete="name" defaultValue="" />
          <FieldError id={`${id}-name-error`} error={errors.name?.[0]} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-email`}>Email</Label>
          <Input {...fieldProps("email")} type="email" autoComplete="email" inputMode="email" defaultValue="" />
          <FieldError id={`${id}-email-error`} error={errors.email?.[0]} />
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-message`}>Message</Label>
        <Textarea {...fieldProps("message")} className="min-h-[120px]" defaultValue="" />
        <FieldError id={`${id}-message-error`} error={errors.message?.[0]} />
      </div>
      <div className="sr-only" aria-hidden="true">
        <label htmlFor={`${id}-${HONEYPOT_FIELD}`}>Leave this field empty</label>
        <input id={`${id}-${HONEYPOT_FIELD}`} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center sm:justify-between">
        <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto">
          <Send aria-hidden="true" />
          {sending ? "Sending..." : "Send message"}
        </Button>
        <p className="text-sm text-muted-foreground">
          Or write to{" "}
          <a href={`mailto:${contactEmail}`} className="font-medium text-primary underline underline-offset-4">
            {contactEmail}
          </a>
        </p>
      </div>
    </form>
  );
}
