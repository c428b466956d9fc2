import { Quote } from "lucide-react";
import { cn } from "~/lib/utils";

/** A testimonial (spec part 3, section 3): quote, name, title, avatar (an image path, or initials when absent). */
export type Testimonial = { quote: string; name: string; title: string; avatar?: string };

export function initialsOf(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join("");
}

export function TestimonialCard({ testimonial, className }: { testimonial: Testimonial; className?: string }) {
  return (
    <figure className={cn("flex h-full flex-col rounded-2xl border bg-card p-6 shadow-sm", className)}>
      <Quote className="size-6 text-primary/60" aria-hidden="true" />
      <blockquote className="mt-3 flex-1 text-pretty">
        <p>{testimonial.quote}</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-3">
        {testimonial.avatar ? (
          <img
            src={testimonial.avatar}
            alt=""
            width={44}
            height={44}
            loading="lazy"
            decoding="async"
            className="size-11 rounded-full object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="grid size-11 place-items-center rounded-full bg-primary/10 text-sm font-semibold text-primary"
          >
            {initialsOf(testimonial.name)}
          </span>
        )}
        <span>
          <span className="block font-semibold">{testimonial.name}</span>
          <span className="block text-sm text-muted-foreground">{testimonial.title}</span>
        </span>
      </figcaption>
    </figure>
  );
}
