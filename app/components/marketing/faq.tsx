import { JsonLd } from "~/components/marketing/json-ld";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "~/components/ui/accordion";
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
 * With categories, each category gets its own heading and accordion.
 */
export function Faq({ items, defaultOpen, byCategory = false }: { items: readonly FaqItem[]; defaultOpen?: number; byCategory?: boolean }) {
  const groups = byCategory ? groupByCategory(items) : [{ category: "", items }];
  return (
    <div className="mx-auto max-w-3xl">
      {groups.map((group) => (
        <div key={group.category} className="mb-8 last:mb-0">
          {group.category ? <h3 className="mb-2 text-lg font-semibold">{group.category}</h3> : null}
          <Accordion
            type="single"
            collapsible
            defaultValue={defaultOpen !== undefined && !byCategory ? `item-${defaultOpen}` : undefined}
            className="rounded-xl border bg-card px-5 shadow-sm"
          >
            {group.items.map((item) => {
              const index = items.indexOf(item);
              return (
                <AccordionItem key={item.question} value={`item-${index}`}>
                  <AccordionTrigger level={group.category ? 4 : 3}>{item.question}</AccordionTrigger>
                  <AccordionContent>
                    <p className="text-pretty">{item.answer}</p>
                    {item.extra ? <div className="mt-4">{item.extra}</div> : null}
                  </AccordionContent>
                </AccordionItem>
              );
            })}
          </Accordion>
        </div>
      ))}
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
