import { ImageUp } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { FieldError, FormField } from "~/components/form-field";
import { SwitchField } from "~/components/switch-field";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Label } from "~/components/ui/label";
import { RadioGroup, RadioGroupItem } from "~/components/ui/radio-group";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import { Slider } from "~/components/ui/slider";
import { Textarea } from "~/components/ui/textarea";
import { SERP_RESULTS_MAX, SERP_RESULTS_MIN, SITE_DEFAULTS, SITE_STATUSES } from "~/lib/constants";
import { checkLogoFile, LOGO_MESSAGES } from "~/lib/logo";
import { notify } from "~/lib/notify";
import { fieldErrors as toFieldErrors, type FieldErrors } from "~/lib/schemas/form";
import { siteFormSchema, siteFormValues } from "~/lib/schemas/site";
import type { Toast } from "~/lib/toast";

export type EditableSite = {
  id: number;
  name: string;
  url: string;
  imageLogo: string | null;
  country: number | null;
  language: number | null;
  toneArticlesGroup: number | null;
  forceDefinedLanguageForSerps: boolean;
  serpsNbResults: number;
  serpsImgNbResults: number;
  familiarTerms: boolean;
  addressTheReaderWithI: boolean;
  acceptedTopics: string | null;
  additionalGuidelines: string | null;
  coverImageWidth: number;
  coverImageHeight: number;
  nbImagesToCreate: number;
  defaultTypePagePost: string | null;
  defaultStatus: string;
  autoPublishImage: boolean;
};

export type SiteActionResult = { ok: boolean; toast?: Toast; error?: string; errors?: FieldErrors; stamp: number };

type Option = { id: number; name: string };

const NUMBER_FIELDS = [
  { name: "coverImageWidth", label: "Cover image width" },
  { name: "coverImageHeight", label: "Cover image height" },
  { name: "nbImagesToCreate", label: "Images to create" },
] as const;

const STATUS_LABELS: Record<(typeof SITE_STATUSES)[number], string> = { draft: "Draft", publish: "Publish", private: "Private" };

async function fetchList<T>(url: string): Promise<T[]> {
  const response = await fetch(url, { headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(String(response.status));
  return response.json();
}

/** The create/edit dialog of a site (spec part 1, sections 3 and 5). */
export function SiteDialog({
  open,
  onOpenChange,
  site,
  action = "/sites",
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  site?: EditableSite | null;
  action?: string;
  onSaved?: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{site ? `Edit ${site.name}` : "Add a new site"}</DialogTitle>
          <DialogDescription>
            {site ? "Change the settings used to write this site's articles." : "Tell us about the site you want articles for."}
          </DialogDescription>
        </DialogHeader>
        {open ? (
          <SiteForm key={site?.id ?? "new"} site={site ?? null} action={action} onDone={() => (onOpenChange(false), onSaved?.())} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function SiteForm({ site, action, onDone }: { site: EditableSite | null; action: string; onDone: () => void }) {
  const fetcher = useFetcher<SiteActionResult>();
  const busy = fetcher.state !== "idle";
  const formId = useId();
  const fileRef = useRef<HTMLInputElement>(null);

  const [countries, setCountries] = useState<Option[] | null>(null);
  const [toneGroups, setToneGroups] = useState<Option[] | null>(null);
  const [languages, setLanguages] = useState<Option[] | null>(null);
  const [languagesLoading, setLanguagesLoading] = useState(false);

  const [country, setCountry] = useState(site?.country ? String(site.country) : "");
  const [language, setLanguage] = useState(site?.language ? String(site.language) : "");
  const [toneGroup, setToneGroup] = useState(site?.toneArticlesGroup ? String(site.toneArticlesGroup) : "none");
  const [defaultStatus, setDefaultStatus] = useState(site?.defaultStatus ?? SITE_DEFAULTS.defaultStatus);
  const [serps, setSerps] = useState(site?.serpsNbResults ?? SITE_DEFAULTS.serpsNbResults);
  const [serpsImg, setSerpsImg] = useState(site?.serpsImgNbResults ?? SITE_DEFAULTS.serpsImgNbResults);
  const [flags, setFlags] = useState({
    forceDefinedLanguageForSerps: site?.forceDefinedLanguageForSerps ?? false,
    familiarTerms: site?.familiarTerms ?? false,
    addressTheReaderWithI: site?.addressTheReaderWithI ?? false,
    autoPublishImage: site?.autoPublishImage ?? false,
  });
  const [logoPreview, setLogoPreview] = useState<string | null>(site?.imageLogo ?? null);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [saveError, setSaveError] = useState<string | null>(null);

  // Countries and tone groups load when the dialog opens.
  useEffect(() => {
    let live = true;
    fetchList<{ id: number; countryName: string }>("/api/countries")
      .then((rows) => live && setCountries(rows.map((r) => ({ id: r.id, name: r.countryName }))))
      .catch(
        () =>
          live && (setCountries([]), notify({ type: "error", title: "Error", description: "Failed to load countries. Please try again." })),
      );
    fetchList<Option>("/api/tone-groups")
      .then((rows) => live && setToneGroups(rows))
      .catch(
        () =>
          live &&
          (setToneGroups([]),
          notify({ type: "error", title: "Error", description: "Failed to load tone article groups. Please try again." })),
      );
    return () => {
      live = false;
    };
  }, []);

  // The language list follows the country; exactly one language is chosen automatically.
  const initialCountry = useRef(country);
  useEffect(() => {
    if (!country) {
      setLanguages(null);
      return;
    }
    let live = true;
    setLanguagesLoading(true);
    fetchList<{ id: number; languageName: string }>(`/api/countries/${country}/languages`)
      .then((rows) => {
        if (!live) return;
        const options = rows.map((r) => ({ id: r.id, name: r.languageName }));
        setLanguages(options);
        if (options.length === 1) setLanguage(String(options[0].id));
      })
      .catch(() => {
        if (!live) return;
        setLanguages([]);
        notify({ type: "error", title: "Error", description: "Failed to load languages. Please try again." });
      })
      .finally(() => live && setLanguagesLoading(false));
    return () => {
      live = false;
    };
  }, [country]);

  function changeCountry(value: string) {
    if (value === country) return;
    initialCountry.current = "";
    setCountry(value);
    setLanguage("");
    clearError("country");
    clearError("language");
  }

  /** A field's error goes as soon as the person changes that field (the others stay until submit). */
  function clearError(name: string) {
    setClientErrors((current) => {
      if (!(name in current)) return current;
      const { [name]: _cleared, ...rest } = current;
      return rest;
    });
  }
  /** The setter of a field that is not a native input (select, radio group, slider), clearing its error. */
  const clearing =
    <T,>(name: string, set: (value: T) => void) =>
    (value: T) => {
      set(value);
      clearError(name);
    };

  /** Typing in an input or a text area clears its error; the logo's own handler checks the new file. */
  function onFormChange(event: React.FormEvent<HTMLFormElement>) {
    const { name } = event.target as HTMLInputElement;
    if (name && name !== "logo") clearError(name);
  }

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const result = fetcher.data;
    if (result.toast) notify(result.toast);
    if (result.ok) onDone();
    else {
      setSaveError(result.error ?? "Failed to save site");
      setClientErrors(result.errors ?? {});
    }
    // Each answer is handled once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);

  function onLogoChange(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    const { logo: _drop, ...rest } = clientErrors;
    if (!file) {
      setLogoPreview(site?.imageLogo ?? null);
      setClientErrors(rest);
      return;
    }
    const problem = checkLogoFile(file);
    if (problem) {
      setClientErrors({ ...rest, logo: problem });
      setLogoPreview(site?.imageLogo ?? null);
      return;
    }
    setClientErrors(rest);
    setLogoPreview(URL.createObjectURL(file));
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const errors: FieldErrors = {};
    const parsed = siteFormSchema.safeParse(siteFormValues(form));
    if (!parsed.success) Object.assign(errors, toFieldErrors(parsed.error));
    const file = form.get("logo");
    const hasFile = file instanceof File && file.size > 0;
    if (hasFile) {
      const problem = checkLogoFile(file);
      if (problem) errors.logo = problem;
    } else {
      form.delete("logo");
      if (!site) errors.logo = LOGO_MESSAGES.required;
    }
    setClientErrors(errors);
    if (Object.keys(errors).length) {
      setSaveError(null);
      const first = Object.values(errors)[0];
      notify({ type: "error", title: "Error", description: first });
      return;
    }
    setSaveError(null);
    fetcher.submit(form, { method: "post", action, encType: "multipart/form-data" });
  }

  const errors = clientErrors;
  const fieldId = (name: string) => `${formId}-${name}`;
  const described = (name: string) => (errors[name] ? `${fieldId(name)}-error` : undefined);

  return (
    <form id={formId} method="post" encType="multipart/form-data" noValidate onSubmit={onSubmit} onChange={onFormChange} className="grid min-w-0 gap-6">
      <input type="hidden" name="intent" value={site ? "update" : "create"} />
      {site ? <input type="hidden" name="siteId" value={site.id} /> : null}
      <input type="hidden" name="country" value={country} />
      <input type="hidden" name="language" value={country ? language : ""} />
      <input type="hidden" name="toneArticlesGroup" value={toneGroup} />
      <input type="hidden" name="defaultStatus" value={defaultStatus} />
      <input type="hidden" name="serpsNbResults" value={serps} />
      <input type="hidden" name="serpsImgNbResults" value={serpsImg} />
      {Object.entries(flags).map(([name, checked]) => (checked ? <input key={name} type="hidden" name={name} value="on" /> : null))}

      {saveError ? (
        <Alert variant="destructive">
          <AlertTitle>Failed to save site</AlertTitle>
          <AlertDescription>{saveError}</AlertDescription>
        </Alert>
      ) : null}

      <Section title="Site">
        <FormField
          label="Site URL"
          name="url"
          type="url"
          inputMode="url"
          placeholder="https://example.com"
          defaultValue={site?.url ?? ""}
          required
          error={errors.url}
          id={fieldId("url")}
        />
        <FormField
          label="Site name"
          name="name"
          placeholder="Defaults to the URL without https:// and www."
          defaultValue={site?.name ?? ""}
          error={errors.name}
          id={fieldId("name")}
        />
        <div className="grid gap-2">
          <Label htmlFor={fieldId("logo")}>Logo{site ? "" : " *"}</Label>
          <div className="flex items-center gap-4">
            <div className="grid size-16 shrink-0 place-items-center overflow-hidden rounded-lg border bg-muted">
              {logoPreview ? (
                <img src={logoPreview} alt="Logo preview" className="size-full object-contain" />
              ) : (
                <ImageUp className="size-6 text-muted-foreground" aria-hidden="true" />
              )}
            </div>
            <div className="grid min-w-0 gap-1">
              <input
                ref={fileRef}
                id={fieldId("logo")}
                name="logo"
                type="file"
                accept="image/jpeg,image/png,image/gif,image/webp"
                onChange={onLogoChange}
                aria-invalid={errors.logo ? true : undefined}
                aria-describedby={[described("logo"), `${fieldId("logo")}-hint`].filter(Boolean).join(" ")}
                className="w-full min-w-0 text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium hover:file:bg-accent"
              />
              <p id={`${fieldId("logo")}-hint`} className="text-xs text-muted-foreground">
                JPG, PNG, GIF or WebP, 5MB at most.{site ? " Leave empty to keep the current logo." : ""}
              </p>
            </div>
          </div>
          <FieldError id={`${fieldId("logo")}-error`} error={errors.logo} />
        </div>
      </Section>

      <Section title="Language and tone">
        <div className="grid gap-2">
          <Label id={fieldId("country-label")}>Country</Label>
          <Select value={country || undefined} onValueChange={changeCountry} disabled={!countries}>
            <SelectTrigger className="w-full" aria-labelledby={fieldId("country-label")} aria-describedby={described("country")}>
              <SelectValue placeholder={countries ? "Choose a country" : "Loading countries..."} />
            </SelectTrigger>
            <SelectContent>
              {(countries ?? []).map((c) => (
                <SelectItem key={c.id} value={String(c.id)}>
                  {c.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <FieldError id={`${fieldId("country")}-error`} error={errors.country} />
        </div>
        {country ? (
          <div className="grid gap-2">
            <Label id={fieldId("language-label")}>Language</Label>
            {languagesLoading || !languages ? (
              <p className="text-sm text-muted-foreground">Loading languages...</p>
            ) : languages.length === 0 ? (
              <p className="text-sm text-muted-foreground">No language is listed for this country.</p>
            ) : languages.length === 1 ? (
              <p className="text-sm">
                {languages[0].name} <span className="text-muted-foreground">(the only language of this country)</span>
              </p>
            ) : (
              <RadioGroup
                value={language}
                onValueChange={clearing("language", setLanguage)}
                aria-labelledby={fieldId("language-label")}
                className="flex flex-wrap gap-x-5 gap-y-2"
              >
                {languages.map((l) => (
                  <div key={l.id} className="flex items-center gap-2">
                    <RadioGroupItem value={String(l.id)} id={fieldId(`language-${l.id}`)} />
                    <Label htmlFor={fieldId(`language-${l.id}`)} className="font-normal">
                      {l.name}
                    </Label>
                  </div>
                ))}
              </RadioGroup>
            )}
            <FieldError id={`${fieldId("language")}-error`} error={errors.language} />
          </div>
        ) : null}
        <div className="grid gap-2">
          <Label id={fieldId("tone-label")}>Tone of voice</Label>
          <Select value={toneGroup} onValueChange={clearing("toneArticlesGroup", setToneGroup)}>
            <SelectTrigger className="w-full" aria-labelledby={fieldId("tone-label")}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="none">None</SelectItem>
              {(toneGroups ?? []).map((g) => (
                <SelectItem key={g.id} value={String(g.id)}>
                  {g.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <FieldError id={`${fieldId("toneArticlesGroup")}-error`} error={errors.toneArticlesGroup} />
        </div>
        <SwitchField
          id={fieldId("familiarTerms")}
          label="Use familiar terms"
          hint="Address readers informally (tutoiement)."
          checked={flags.familiarTerms}
          onChange={(v) => setFlags({ ...flags, familiarTerms: v })}
        />
        <SwitchField
          id={fieldId("addressTheReaderWithI")}
          label="Write in the first person"
          hint="The author speaks as “I”."
          checked={flags.addressTheReaderWithI}
          onChange={(v) => setFlags({ ...flags, addressTheReaderWithI: v })}
        />
        <TextareaField
          id={fieldId("acceptedTopics")}
          name="acceptedTopics"
          label="Accepted topics"
          defaultValue={site?.acceptedTopics}
          error={errors.acceptedTopics}
          rows={2}
        />
        <TextareaField
          id={fieldId("additionalGuidelines")}
          name="additionalGuidelines"
          label="Additional guidelines"
          defaultValue={site?.additionalGuidelines}
          error={errors.additionalGuidelines}
          rows={4}
        />
      </Section>

      <Section title="Search results">
        <SwitchField
          id={fieldId("forceDefinedLanguageForSerps")}
          label="Force the site's language for search results"
          checked={flags.forceDefinedLanguageForSerps}
          onChange={(v) => setFlags({ ...flags, forceDefinedLanguageForSerps: v })}
        />
        <SliderField
          id={fieldId("serps")}
          label="Number of search results"
          value={serps}
          onChange={clearing("serpsNbResults", setSerps)}
          error={errors.serpsNbResults}
        />
        <SliderField
          id={fieldId("serpsImg")}
          label="Number of image results"
          value={serpsImg}
          onChange={clearing("serpsImgNbResults", setSerpsImg)}
          error={errors.serpsImgNbResults}
        />
      </Section>

      <Section title="Images and publishing">
        <div className="grid gap-4 sm:grid-cols-3">
          {NUMBER_FIELDS.map(({ name, label }) => (
            <FormField
              key={name}
              label={label}
              name={name}
              type="number"
              inputMode="numeric"
              min={0}
              defaultValue={site?.[name] ?? SITE_DEFAULTS[name]}
              error={errors[name]}
              id={fieldId(name)}
            />
          ))}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label="Default post type"
            name="defaultTypePagePost"
            placeholder="post"
            defaultValue={site?.defaultTypePagePost ?? ""}
            error={errors.defaultTypePagePost}
            id={fieldId("defaultTypePagePost")}
          />
          <div className="grid gap-2">
            <Label id={fieldId("status-label")}>Default status</Label>
            <Select value={defaultStatus} onValueChange={clearing("defaultStatus", setDefaultStatus)}>
              <SelectTrigger className="w-full" aria-labelledby={fieldId("status-label")}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {SITE_STATUSES.map((s) => (
                  <SelectItem key={s} value={s}>
                    {STATUS_LABELS[s]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        </div>
        <SwitchField
          id={fieldId("autoPublishImage")}
          label="Publish the cover image automatically"
          checked={flags.autoPublishImage}
          onChange={(v) => setFlags({ ...flags, autoPublishImage: v })}
        />
      </Section>

      <DialogFooter className="sticky -bottom-6 -mx-6 -mb-6 border-t bg-background px-6 py-4">
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : site ? "Save changes" : "Create site"}
        </Button>
      </DialogFooter>
    </form>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="grid min-w-0 gap-4">
      <legend className="mb-1 text-sm font-semibold tracking-wide text-muted-foreground uppercase">{title}</legend>
      {children}
    </fieldset>
  );
}

function SliderField({
  id,
  label,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  value: number;
  onChange: (v: number) => void;
  error?: string;
}) {
  return (
    <div className="grid gap-3">
      <div className="flex items-center justify-between">
        <Label id={`${id}-label`}>{label}</Label>
        <span className="text-sm font-medium tabular-nums" aria-hidden="true">
          {value}
        </span>
      </div>
      <Slider
        min={SERP_RESULTS_MIN}
        max={SERP_RESULTS_MAX}
        step={1}
        value={[value]}
        onValueChange={(v) => onChange(v[0] ?? value)}
        aria-labelledby={`${id}-label`}
      />
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

function TextareaField({
  id,
  name,
  label,
  defaultValue,
  error,
  rows,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue?: string | null;
  error?: string;
  rows?: number;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        name={name}
        rows={rows}
        defaultValue={defaultValue ?? ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
