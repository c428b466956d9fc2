import { useState } from "react";
import { FieldError } from "~/components/form-field";
import { NativeSelect } from "~/components/native-select";
import { Label } from "~/components/ui/label";
import type { LanguageChoices } from "~/lib/site-language";

/** The country a language change leads to: the one chosen if the language is spoken there, else the language's usual one. */
export function countryAfterLanguage(choices: LanguageChoices, language: string, country: string): string {
  const chosen = choices.countries.find((c) => String(c.id) === country);
  if (chosen?.languages.includes(language)) return country;
  const usual = choices.languages.find((l) => l.code === language)?.usualCountry;
  return usual === undefined ? "" : String(usual);
}

/**
 * The site's language and its readers' country (issue 38), as the site dialog asks them, in the browser's own
 * selects so that they work without JavaScript: the server then takes the language's usual country for an empty
 * country and refuses a pair the data has not. With a script, choosing a language picks its usual country and
 * leaves only the countries where it is spoken: React does it on the signed-in site list, the form's island
 * (app/islands/first-article-form.ts) on the static /first-article, from the `data-` attributes rendered here.
 */
export function LanguageFields({
  choices,
  errors,
  onEdit,
}: {
  choices: LanguageChoices;
  errors: { language?: string; country?: string };
  /** A field was changed (its message can go). */
  onEdit?: (name: "language" | "country") => void;
}) {
  const [language, setLanguage] = useState("");
  const [country, setCountry] = useState("");
  const describedBy = (name: string, hint: boolean) =>
    [errors[name as keyof typeof errors] ? `${name}-error` : null, hint ? `${name}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <div className="grid content-start gap-2">
        <Label htmlFor="language">Language of your website</Label>
        <NativeSelect
          id="language"
          name="language"
          required
          value={language}
          onChange={(event) => {
            setLanguage(event.target.value);
            setCountry(countryAfterLanguage(choices, event.target.value, country));
            onEdit?.("language");
          }}
          aria-invalid={errors.language ? true : undefined}
          aria-describedby={describedBy("language", false)}
          data-language-select=""
        >
          <option value="">Choose a language</option>
          {choices.languages.map((l) => (
            <option key={l.code} value={l.code} data-country={l.usualCountry}>
              {l.name}
            </option>
          ))}
        </NativeSelect>
        <FieldError id="language-error" error={errors.language} />
      </div>
      <div className="grid content-start gap-2">
        <Label htmlFor="country">Country of your readers</Label>
        <NativeSelect
          id="country"
          name="country"
          value={country}
          onChange={(event) => {
            setCountry(event.target.value);
            onEdit?.("country");
          }}
          aria-invalid={errors.country ? true : undefined}
          aria-describedby={describedBy("country", true)}
          data-country-select=""
        >
          <option value="">The language's usual country</option>
          {choices.countries.map((c) => {
            const spoken = !language || c.languages.includes(language);
            return (
              <option key={c.id} value={c.id} data-languages={c.languages.join(" ")} hidden={!spoken} disabled={!spoken}>
                {c.name}
              </option>
            );
          })}
        </NativeSelect>
        <p id="country-hint" className="text-xs text-muted-foreground">
          Whose search results we study. Left as is: the language's usual country (France for French).
        </p>
        <FieldError id="country-error" error={errors.country} />
      </div>
    </div>
  );
}
