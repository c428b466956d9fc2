/** schema.org data in the body (for data that belongs to a section, e.g. an FAQ). `<` is escaped so that no text can close the script. */
export function JsonLd({ data }: { data: object }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }} />;
}
