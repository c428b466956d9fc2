import { HeartHandshake } from "lucide-react";
import { REVIEWS } from "~/components/marketing/home/content";
import { Section } from "~/components/marketing/section";

/** The two review screenshots (their text in the alt attribute) and the honest note: 2 clients so far. */
export function Testimonials() {
  return (
    <Section
      id="testimonials"
      eyebrow="Testimonials"
      title="What our first clients say"
      intro="Two reviews, exactly as our clients sent them."
      tone="muted"
    >
      <ul className="grid gap-6 md:grid-cols-2">
        {REVIEWS.map((review) => (
          <li key={review.name}>
            <figure className="overflow-hidden rounded-2xl border bg-card shadow-sm">
              <img
                src={review.image}
                alt={review.alt}
                width={review.width}
                height={review.height}
                loading="lazy"
                decoding="async"
                className="block h-auto w-full"
              />
              <figcaption className="border-t px-5 py-3 text-sm text-muted-foreground">
                {review.name}, {review.company}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <aside aria-labelledby="testimonials-note" className="mx-auto mt-8 flex max-w-3xl gap-4 rounded-2xl border bg-card p-6 shadow-sm">
        <HeartHandshake className="mt-0.5 size-6 shrink-0 text-primary" aria-hidden="true" />
        <div>
          <h3 id="testimonials-note" className="font-semibold">
            Only 2 clients so far, and we say so
          </h3>
          <p className="mt-1 text-sm text-muted-foreground">
            We started recently, so these two reviews are all we have: no invented numbers, no borrowed logos. Being a small team means
            every new client gets our full attention, and you talk directly to the two people who research and edit your articles.
          </p>
        </div>
      </aside>
    </Section>
  );
}
