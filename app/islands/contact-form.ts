/**
 * The contact form's island (routes/api/contact/contact-form.tsx): posts the form to /api/contact and
 * shows the answer. The action checks the form with the shared schema; its refusal carries conform's
 * result, whose messages go under their fields (aria-invalid, aria-describedby) and the focus to the first.
 * Anything but a clear answer (network down, a proxy's error page) is a notice, never a lost text.
 */
import { setFieldError } from "./lib/field-error";
import { mount, part } from "./lib/mount";
import { showToast } from "./lib/toast";

type Answer = { ok: boolean; result?: { error?: Record<string, string[] | null> } };

mount("contact-form", (root) => {
  if (!(root instanceof HTMLFormElement)) return;
  const form = root;
  const fields = [...form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("[data-contact-field]")];
  const submit = part<HTMLButtonElement>(form, "[data-contact-submit]");
  const submitLabel = part(form, "[data-contact-submit-label]");

  function setSending(sending: boolean) {
    submit.disabled = sending;
    submitLabel.textContent = sending ? "Sending..." : "Send message";
  }

  form.addEventListener("input", (event) => {
    const field = fields.find((f) => f === event.target);
    if (field) setFieldError(field, undefined);
  });

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    setSending(true);
    let answer: Answer | null = null;
    try {
      const response = await fetch(form.action, { method: "POST", body: new FormData(form), headers: { Accept: "application/json" } });
      if (response.headers.get("content-type")?.includes("application/json")) answer = (await response.json()) as Answer;
    } catch {
      answer = null;
    } finally {
      setSending(false);
    }
    const errors = answer?.result?.error ?? {};
    const refused = fields.filter((field) => errors[field.name]?.length);
    if (answer?.ok) {
      showToast({
        type: "success",
        title: "Message sent successfully!",
        description: "Thank you for your message. We'll get back to you soon.",
      });
      form.reset();
      for (const field of fields) setFieldError(field, undefined);
    } else if (refused.length) {
      for (const field of fields) setFieldError(field, errors[field.name]?.[0]);
      refused[0]!.focus();
    } else {
      showToast({
        type: "error",
        title: "Error sending message",
        description: `Please try again or contact us directly at ${form.dataset.contactEmail}`,
      });
    }
  });
});
