/**
 * The body of the site dialog (site-dialog.tsx): the form itself, with its schema, conform and the selects.
 * It is a chunk of its own, loaded when the dialog first opens, so that the sites screen does not carry it.
 */
import { getFormProps } from "@conform-to/react";
import { useEffect, useMemo, useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { DialogFooter } from "~/components/ui/dialog";
import { checkLogoFile } from "~/lib/logo";
import { notify } from "~/lib/notify";
import { errorToast } from "~/lib/toast";
import { clearFieldError, useSchemaForm } from "~/lib/use-schema-form";
import { useToastFetcher } from "~/lib/use-toast-fetcher";
import type { SiteRow } from "~/models/site.server";
import type { action } from "../sites";
import { siteDialogSchema, type SiteFormOptions } from "./site-form";
import { LanguageSection, PublishingSection, SearchSection, SiteSection, type FieldInfo } from "./site-form-sections";

export default function SiteForm({ site, options, onDone }: { site: SiteRow | null; options: SiteFormOptions; onDone: () => void }) {
  const intent = site ? "update" : "create";
  const fetcher = useToastFetcher<typeof action>((answer) => answer.ok && onDone());
  const schema = useMemo(() => siteDialogSchema(intent, checkLogoFile), [intent]);
  // A refused submit says its first problem in a toast too (the dialog is long: the field may be out of sight).
  const [form, fields] = useSchemaForm(schema, { fetcher, onInvalid: (message) => notify(errorToast(message)) });
  const [country, setCountry] = useState(site?.country ? String(site.country) : "");
  const [language, setLanguage] = useState(site?.language ? String(site.language) : "");
  const [logoPreview, setLogoPreview] = useState(site?.imageLogo ?? null);
  // A list the loader could not read is offered empty; the dialog says so as it opens.
  useEffect(() => {
    for (const problem of options.problems) notify(errorToast(problem));
  }, [options.problems]);

  const busy = fetcher.state !== "idle";
  const answer = fetcher.data;
  const saveError = !busy && answer && !answer.ok ? answer.error : null;
  const field: FieldInfo = (name) => {
    const meta = fields[name as keyof typeof fields];
    return { id: meta.id, error: meta.errors?.[0] };
  };
  // A field's error goes as soon as the person changes that field; the others stay until fixed and sent again.
  const clear = (name: string) => clearFieldError(form, name);
  // The language is the country's only one, when it has one only.
  const languages = options.countries.find((c) => String(c.id) === country)?.languages ?? [];
  const chosenLanguage = languages.length === 1 ? String(languages[0].id) : language;

  function changeCountry(value: string) {
    if (value === country) return;
    setCountry(value);
    setLanguage("");
    clear("country");
    clear("language");
  }

  /** The logo is checked as soon as it is chosen; none chosen clears its error until the next submit. */
  function changeLogo(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    if (!file) form.update({ name: "logo", validated: false });
    else form.validate({ name: "logo" });
    setLogoPreview(file && !checkLogoFile(file) ? URL.createObjectURL(file) : (site?.imageLogo ?? null));
  }

  return (
    <fetcher.Form
      method="post"
      action="/sites"
      encType="multipart/form-data"
      {...getFormProps(form)}
      onInput={(event) => {
        const { name } = event.target as HTMLInputElement;
        if (name !== "logo") clear(name);
      }}
      className="grid min-w-0 gap-6"
    >
      <input type="hidden" name="intent" value={intent} />
      {site ? <input type="hidden" name="siteId" value={site.id} /> : null}
      <input type="hidden" name="language" value={country ? chosenLanguage : ""} />

      {saveError ? (
        <Alert variant="destructive">
          <AlertTitle>Failed to save site</AlertTitle>
          <AlertDescription>{saveError}</AlertDescription>
        </Alert>
      ) : null}

      <SiteSection site={site} field={field} logoPreview={logoPreview} onLogoChange={changeLogo} />
      <LanguageSection
        site={site}
        field={field}
        clear={clear}
        countries={options.countries}
        toneGroups={options.toneGroups}
        country={country}
        onCountryChange={changeCountry}
        language={chosenLanguage}
        onLanguageChange={(value) => {
          setLanguage(value);
          clear("language");
        }}
      />
      <SearchSection site={site} field={field} clear={clear} />
      <PublishingSection site={site} field={field} clear={clear} />

      <DialogFooter className="sticky -bottom-6 -mx-6 -mb-6 border-t bg-background px-6 py-4">
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : site ? "Save changes" : "Create site"}
        </Button>
      </DialogFooter>
    </fetcher.Form>
  );
}
