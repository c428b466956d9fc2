import { Section } from "~/components/marketing/section";

/** The closing call to action: a brand-coloured band with a heading, a line and its buttons. */
export function CtaSection({ id, title, intro, children }: { id?: string; title: string; intro?: string; children: React.ReactNode }) {
  return (
    <Section id={id} title={title} intro={intro} tone="brand">
      <div className="flex flex-wrap justify-center gap-3">{children}</div>
    </Section>
  );
}
