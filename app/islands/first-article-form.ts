/**
 * The first-article form's island (routes/public/first-article/first-article-form.tsx on /first-article, a static page): posts
 * the form to /api/first-article and shows the answer in place. Taken: the browser goes where the answer says
 * (the success page, or the site list for someone signed in), whose toast the server left in a cookie.
 * Refused by the schema: each message under its field (aria-invalid, aria-describedby), the focus on the
 * first. Anything else (too many submissions, a failure, the network down, a proxy's error page): the
 * notice, and what was typed stays. A field's message goes as soon as the person changes that field.
 * Choosing the site's language (issue 38) picks its usual country and leaves only the countries where it is spoken
 * (the server rendered each language's usual country and each country's languages as data attributes).
 */
import { FIRST_ARTICLE_BUSY_LABEL, FIRST_ARTICLE_SUBMIT_ERROR, FIRST_ARTICLE_SUBMIT_LABEL } from "~/lib/first-article";
import { errorToast, type Toast } from "~/lib/toast";
import { setFieldError } from "./lib/field-error";
import { mount, part } from "./lib/mount";
import { showToast } from "./lib/toast";

type Answer = { ok: boolean; redirectTo?: string; result?: { error?: Record<string, string[] | null> }; toast?: Toast };
type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** The countries where the chosen language is spoken, and the language's usual one when the chosen country is not one of them. */
function followLanguage(language: HTMLSelectElement, country: HTMLSelectElement) {
  const code = language.value;
  for (const option of country.options) {
    if (!option.value) continue;
    const spoken = !code || (option.dataset.languages ?? "").split(" ").includes(code);
    option.hidden = !spoken;
    option.disabled = !spoken;
  }
  const current = country.selectedOptions[0];
  if (code && (!current?.value || current.disabled)) country.value = language.selectedOptions[0]?.dataset.country ?? "";
}

mount("first-article-form", (root) => {
  if (!(root instanceof HTMLFormElement)) return;
  const form = root;
  const submit = part<HTMLButtonElement>(form, 'button[type="submit"]');
  // The person's fields (the honeypot sits in a hidden block of its own).
  const fields = [...form.querySelectorAll<Field>("input[name][id], textarea[name][id], select[name][id]")].filter(
    (field) => !field.closest('[aria-hidden="true"]'),
  );
  let sending = false;
  const language = form.querySelector<HTMLSelectElement>("[data-language-select]");
  const country = form.querySelector<HTMLSelectElement>("[data-country-select]");
  if (language && country) {
    language.addEventListener("change", () => followLanguage(language, country));
    // A language the browser kept (back to the page) filters the countries too.
    if (language.value) followLanguage(language, country);
  }

  function setSending(value: boolean) {
    sending = value;
    submit.disabled = value;
    submit.textContent = value ? FIRST_ARTICLE_BUSY_LABEL : FIRST_ARTICLE_SUBMIT_LABEL;
  }

  form.addEventListener("input", (event) => {
    const field = fields.find((f) => f === event.target);
    if (field?.hasAttribute("aria-invalid")) setFieldError(field, undefined);
  });

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    let answer: Answer | null = null;
    try {
      const response = await fetch(form.dataset.api!, {
        method: "POST",
        body: new FormData(form),
        headers: { Accept: "application/json" },
      });
      if (response.headers.get("content-type")?.includes("application/json")) answer = (await response.json()) as Answer;
    } catch {
      answer = null;
    }
    if (answer?.ok && answer.redirectTo) {
      // Still 'Submitting...' while the next page loads.
      window.location.assign(answer.redirectTo);
      return;
    }
    setSending(false);
    const errors = answer?.result?.error ?? {};
    for (const field of fields) setFieldError(field, errors[field.name]?.[0] ?? undefined);
    const refused = fields.find((field) => errors[field.name]?.length);
    if (refused) refused.focus();
    else showToast(answer?.toast ?? errorToast(FIRST_ARTICLE_SUBMIT_ERROR));
  });
});
