/**
 * The four sections of the site dialog's form (site-dialog.tsx): the site, its language and tone, search
 * results, images and publishing. Each field posts under the name the sites action reads; the controls
 * that are not native inputs (selects, sliders, switches) post through a hidden input of their own.
 */
import { ImageUp } from "lucide-react";
import { useState } from "react";
import { FieldError, FormField } from "~/components/form-field";
import { SelectField } from "~/components/select-field";
import { SwitchField } from "~/components/switch-field";
import { Label } from "~/components/ui/label";
import { RadioGroup, RadioGroupItem } from "~/components/ui/radio-group";
import { Slider } from "~/components/ui/slider";
import { Textarea } from "~/components/ui/textarea";
import { SERP_RESULTS_MAX, SERP_RESULTS_MIN, SITE_DEFAULTS, SITE_STATUSES } from "~/lib/constants";
import type { SiteRow } from "~/models/site.server";
import type { Option, SiteFormOptions } from "./site-form";

/** A field's id and its current error, from the form (conform's metadata). */
export type FieldInfo = (name: string) => { id: string; error?: string };

type SectionProps = { site: SiteRow | null; field: FieldInfo; clear: (name: string) => void };

const NUMBER_FIELDS = [
  { name: "coverImageWidth", label: "Cover image width" },
  { name: "coverImageHeight", label: "Cover image height" },
  { name: "nbImagesToCreate", label: "Images to create" },
] as const;

const STATUS_OPTIONS = SITE_STATUSES.map((value) => ({ value, label: { draft: "Draft", publish: "Publish", private: "Private" }[value] }));

export function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="grid min-w-0 gap-4">
      <legend className="mb-1 text-sm font-semibold tracking-wide text-muted-foreground uppercase">{title}</legend>
      {children}
    </fieldset>
  );
}

/** Address, name and logo. The logo is checked as soon as a file is chosen, and previewed when it is fine. */
export function SiteSection({
  site,
  field,
  logoPreview,
  onLogoChange,
}: Omit<SectionProps, "clear"> & { logoPreview: string | null; onLogoChange: (event: React.ChangeEvent<HTMLInputElement>) => void }) {
  const logo = field("logo");
  return (
    <Section title="Site">
      <FormField
        label="Site URL"
        name="url"
        type="url"
        inputMode="url"
        placeholder="https://example.com"
        defaultValue={site?.url ?? ""}
        required
        {...field("url")}
      />
      <FormField
        label="Site name"
        name="name"
        placeholder="Defaults to the URL without https:// and www."
        defaultValue={site?.name ?? ""}
        {...field("name")}
      />
      <div className="grid gap-2">
        <Label htmlFor={logo.id}>Logo{site ? "" : " *"}</Label>
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
              id={logo.id}
              name="logo"
              type="file"
              accept="image/jpeg,image/png,image/gif,image/webp"
              onChange={onLogoChange}
              aria-invalid={logo.error ? true : undefined}
              aria-describedby={[logo.error ? `${logo.id}-error` : null, `${logo.id}-hint`].filter(Boolean).join(" ")}
              className="w-full min-w-0 text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium hover:file:bg-accent"
            />
            <p id={`${logo.id}-hint`} className="text-xs text-muted-foreground">
              JPG, PNG, GIF or WebP, 5MB at most.{site ? " Leave empty to keep the current logo." : ""}
            </p>
          </div>
        </div>
        <FieldError id={`${logo.id}-error`} error={logo.error} />
      </div>
    </Section>
  );
}

/**
 * Country and language (the languages of the chosen country: a radio choice when there are several, the
 * only one chosen by itself), tone, person and topics.
 */
export function LanguageSection({
  site,
  field,
  clear,
  countries,
  toneGroups,
  country,
  onCountryChange,
  language,
  onLanguageChange,
}: SectionProps & {
  countries: SiteFormOptions["countries"];
  toneGroups: Option[];
  country: string;
  onCountryChange: (country: string) => void;
  language: string;
  onLanguageChange: (language: string) => void;
}) {
  const languages = countries.find((c) => String(c.id) === country)?.languages ?? [];
  const languageField = field("language");
  return (
    <Section title="Language and tone">
      <SelectField
        {...field("country")}
        name="country"
        label="Country"
        placeholder="Choose a country"
        options={countries.map((c) => ({ value: String(c.id), label: c.name }))}
        value={country}
        onValueChange={onCountryChange}
      />
      {country ? (
        <div className="grid gap-2">
          <Label id={`${languageField.id}-label`}>Language</Label>
          {languages.length === 0 ? (
            <p className="text-sm text-muted-foreground">No language is listed for this country.</p>
          ) : languages.length === 1 ? (
            <p className="text-sm">
              {languages[0].name} <span className="text-muted-foreground">(the only language of this country)</span>
            </p>
          ) : (
            <RadioGroup
              value={language}
              onValueChange={onLanguageChange}
              aria-labelledby={`${languageField.id}-label`}
              className="flex flex-wrap gap-x-5 gap-y-2"
            >
              {languages.map((l) => (
                <div key={l.id} className="flex items-center gap-2">
                  <RadioGroupItem value={String(l.id)} id={`${languageField.id}-${l.id}`} />
                  <Label htmlFor={`${languageField.id}-${l.id}`} className="font-normal">
                    {l.name}
                  </Label>
                </div>
              ))}
            </RadioGroup>
          )}
          <FieldError id={`${languageField.id}-error`} error={languageField.error} />
        </div>
      ) : null}
      <SelectField
        {...field("toneArticlesGroup")}
        name="toneArticlesGroup"
        label="Tone of voice"
        options={[{ value: "none", label: "None" }, ...toneGroups.map((g) => ({ value: String(g.id), label: g.name }))]}
        defaultValue={site?.toneArticlesGroup ? String(site.toneArticlesGroup) : "none"}
        onValueChange={() => clear("toneArticlesGroup")}
      />
      <SwitchField
        id={field("familiarTerms").id}
        name="familiarTerms"
        label="Use familiar terms"
        hint="Address readers informally (tutoiement)."
        defaultChecked={site?.familiarTerms}
      />
      <SwitchField
        id={field("addressTheReaderWithI").id}
        name="addressTheReaderWithI"
        label="Write in the first person"
        hint="The author speaks as “I”."
        defaultChecked={site?.addressTheReaderWithI}
      />
      <TextareaField
        {...field("acceptedTopics")}
        name="acceptedTopics"
        label="Accepted topics"
        defaultValue={site?.acceptedTopics}
        rows={2}
      />
      <TextareaField
        {...field("additionalGuidelines")}
        name="additionalGuidelines"
        label="Additional guidelines"
        defaultValue={site?.additionalGuidelines}
        rows={4}
      />
    </Section>
  );
}

export function SearchSection({ site, field, clear }: SectionProps) {
  return (
    <Section title="Search results">
      <SwitchField
        id={field("forceDefinedLanguageForSerps").id}
        name="forceDefinedLanguageForSerps"
        label="Force the site's language for search results"
        defaultChecked={site?.forceDefinedLanguageForSerps}
      />
      <SliderField
        {...field("serpsNbResults")}
        name="serpsNbResults"
        label="Number of search results"
        defaultValue={site?.serpsNbResults ?? SITE_DEFAULTS.serpsNbResults}
        onValueChange={() => clear("serpsNbResults")}
      />
      <SliderField
        {...field("serpsImgNbResults")}
        name="serpsImgNbResults"
        label="Number of image results"
        defaultValue={site?.serpsImgNbResults ?? SITE_DEFAULTS.serpsImgNbResults}
        onValueChange={() => clear("serpsImgNbResults")}
      />
    </Section>
  );
}

export function PublishingSection({ site, field, clear }: SectionProps) {
  return (
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
            {...field(name)}
          />
        ))}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Default post type"
          name="defaultTypePagePost"
          placeholder="post"
          defaultValue={site?.defaultTypePagePost ?? ""}
          {...field("defaultTypePagePost")}
        />
        <SelectField
          id={field("defaultStatus").id}
          name="defaultStatus"
          label="Default status"
          options={STATUS_OPTIONS}
          defaultValue={site?.defaultStatus ?? SITE_DEFAULTS.defaultStatus}
          onValueChange={() => clear("defaultStatus")}
        />
      </div>
      <SwitchField
        id={field("autoPublishImage").id}
        name="autoPublishImage"
        label="Publish the cover image automatically"
        defaultChecked={site?.autoPublishImage}
      />
    </Section>
  );
}

/** A slider from SERP_RESULTS_MIN to SERP_RESULTS_MAX, its value shown beside its label. */
function SliderField({
  id,
  name,
  label,
  defaultValue,
  onValueChange,
  error,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue: number;
  onValueChange: () => void;
  error?: string;
}) {
  const [value, setValue] = useState(defaultValue);
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
        onValueChange={(next) => {
          setValue(next[0] ?? value);
          onValueChange();
        }}
        aria-labelledby={`${id}-label`}
      />
      <input type="hidden" name={name} value={value} />
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
