import { Send } from "lucide-react";
import { useId } from "react";
import { IslandScript } from "~/components/island-script";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { usePublicConfig } from "~/lib/public-config";
import { HONEYPOT_FIELD } from "~/lib/schemas/public-form-fields";

type Field = "name" | "email" | "message";

/**
 * The contact form (spec part 3): name, email, message, sent to /api/contact by the island
 * app/islands/contact-form.ts, which shows the action's answer: its field messages (the shared schema's,
 * checked by the action), or a notice. Success empties the form; a failure keeps what was typed. A field's
 * message goes as soon as the person changes that field. A honeypot field catches bots.
 */
export function ContactForm() {
  const { contactEmail } = usePublicConfig();
  const id = useId();
  const field = (name: Field) => ({ id: `${id}-${name}`, name, "data-contact-field": name });
  const error = (name: Field) => <p id={`${id}-${name}-error`} hidden className="text-sm text-destructive" />;

  return (
    <form
      method="post"
      action="/api/contact"
      noValidate
      data-island="contact-form"
      data-contact-email={contactEmail}
      aria-label="Contact form"
      className="mx-auto grid max-w-2xl gap-5 rounded-2xl border bg-card p-6 shadow-sm sm:p-8"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-name`}>Name</Label>
          <Input {...field("name")} type="text" autoComplete="name" defaultValue="" />
          {error("name")}
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-email`}>Email</Label>
          <Input {...field("email")} type="email" autoComplete="email" inputMode="email" defaultValue="" />
          {error("email")}
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-message`}>Message</Label>
        <Textarea {...field("message")} className="min-h-[120px]" defaultValue="" />
        {error("message")}
      </div>
      <div className="sr-only" aria-hidden="true">
        <label htmlFor={`${id}-${HONEYPOT_FIELD}`}>Leave this field empty</label>
        <input id={`${id}-${HONEYPOT_FIELD}`} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center sm:justify-between">
        <Button type="submit" size="lg" className="w-full sm:w-auto" data-contact-submit="">
          <Send aria-hidden="true" />
          <span data-contact-submit-label="">Send message</span>
        </Button>
        <p className="text-sm text-muted-foreground">
          Or write to{" "}
          <a href={`mailto:${contactEmail}`} className="font-medium text-primary underline underline-offset-4">
            {contactEmail}
          </a>
        </p>
      </div>
      <IslandScript name="contact-form" />
    </form>
  );
}
