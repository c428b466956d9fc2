import { ArrowRight, Check } from "lucide-react";
import { WHY_INTRO, WHY_REASONS, WHY_TITLE } from "~/components/marketing/home/content";
import { Section } from "~/components/marketing/section";
import { Button } from "~/components/ui/button";
import { StaticDialog } from "~/components/marketing/static-dialog";

/** 'Why Not Use AI SEO Tools Directly Myself?': three reasons, and a 'Show me more' dialog with the details. */
export function WhyNotTools() {
  return (
    <Section id="why-not-tools" eyebrow="AI tools vs. our service" title={WHY_TITLE} intro={WHY_INTRO} tone="muted">
      <ul className="grid gap-5 md:grid-cols-3">
        {WHY_REASONS.map(({ icon: Icon, title, description }) => (
          <li key={title} className="rounded-xl border bg-card p-6 shadow-sm">
            <span className="grid size-11 place-items-center rounded-lg bg-primary/10 text-primary">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <h3 className="mt-4 font-semibold">{title}</h3>
            <p className="mt-2 text-sm text-muted-foreground">{description}</p>
          </li>
        ))}
      </ul>
      <div className="mt-8 flex justify-center">
        <StaticDialog
          title="What we do that a tool doesn't"
          description="The same three reasons, in more detail."
          className="sm:max-w-2xl"
          titleClassName="leading-snug"
          trigger={(props) => (
            <Button type="button" size="lg" variant="outline" {...props}>
              Show me more
              <ArrowRight aria-hidden="true" />
            </Button>
          )}
        >
          <ul className="space-y-4 text-sm leading-relaxed">
            {WHY_REASONS.map(({ title, more }) => (
              <li key={title} className="flex gap-3">
                <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                <div>
                  <h3 className="font-semibold">{title}</h3>
                  <p className="mt-1 text-muted-foreground">{more}</p>
                </div>
              </li>
            ))}
          </ul>
        </StaticDialog>
      </div>
    </Section>
  );
}
