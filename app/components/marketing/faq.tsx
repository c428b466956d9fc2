import { ChevronDown } from "lucide-react";
import { useId } from "react";
import { JsonLd } from "~/components/marketing/json-ld";
import { faqLd } from "~/lib/seo";

export type FaqItem = {
  question: string;
  /** Plain text: shown, and given to search engines as the FAQPage answer. */
  answer: string;
  /** Home3 groups its questions by category. */
  category?: string;
  /** Shown under the answer (e.g. the AI-human flow diagram of the main page). */
  extra?: React.ReactNode;
};

/**
 * An FAQ accordion: one item open at a time, collapsible (spec part 3). Carries its FAQPage JSON-LD.
 * With categories, each category gets its own heading and accordion. Native disclosures (`<details>` sharing
 * a `name`, which the browser keeps to one open), so it works without a script; every answer is in the HTML.
 */
export function Faq({ items, defaultOpen, byCategory = false }: { items: readonly FaqItem[]; defaultOpen?: number; byCategory?: boolean }) {
  const groups = byCategory ? groupByCategory(items) : [{ category: "", items }];
  const id = useId();
  return (
    <div className="mx-auto max-w-3xl">
      {groups.map((group, groupIndex) => {
        const Heading = group.category ? "h4" : "h3";
        return (
          <div key={group.category} className="mb-8 last:mb-0">
            {group.category ? <h3 className="mb-2 text-lg font-semibold">{group.category}</h3> : null}
            <div className="rounded-xl border bg-card px-5 shadow-sm">
              {group.items.map((item) => {
                const index = items.indexOf(item);
                return (
                  <details
                    key={item.question}
                    name={`${id}-faq-${groupIndex}`}
                    open={defaultOpen === index && !byCategory}
                    className="group border-b last:border-b-0"
                  >
                    <summary className="flex cursor-pointer list-none items-start justify-between gap-4 rounded-md py-4 text-left text-base font-medium outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 [&::-webkit-details-marker]:hidden">
                      <Heading className="text-base font-medium">{item.question}</Heading>
                      <ChevronDown
                        aria-hidden="true"
                        className="pointer-events-none mt-0.5 size-4 shrink-0 text-muted-foreground transition-transform duration-200 group-open:rotate-180"
                      />
                    </summary>
                    <div className="pt-0 pb-4 text-sm text-muted-foreground">
                      <p className="text-pretty">{item.answer}</p>
                      {item.extra ? <div className="mt-4">{item.extra}</div> : null}
                    </div>
                  </details>
                );
              })}
            </div>
          </div>
        );
      })}
      <JsonLd data={faqLd(items)} />
    </div>
  );
}

function groupByCategory(items: readonly FaqItem[]) {
  const groups: { category: string; items: FaqItem[] }[] = [];
  for (const item of items) {
    const category = item.category ?? "";
    let group = groups.find((g) => g.category === category);
    if (!group) groups.push((group = { category, items: [] }));
    group.items.push(item);
  }
  return groups;
}
