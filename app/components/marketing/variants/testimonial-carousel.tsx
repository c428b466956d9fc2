import { ArrowLeft, ArrowRight } from "lucide-react";
import { IslandScript } from "~/components/island-script";
import { TestimonialCard, type Testimonial } from "~/components/marketing/testimonial-card";
import { cn } from "~/lib/utils";

const ARROW =
  "absolute top-1/2 hidden size-9 -translate-y-1/2 items-center justify-center rounded-full border bg-background shadow-xs outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 xl:inline-flex [&_svg]:size-4";

/**
 * Home3's testimonial carousel (spec part 3): loops, aligns to start, one card per row on phones and two from
 * medium screens up, previous/next buttons only on extra-large screens, left/right arrow keys and swipes
 * everywhere. All slides are in the server's HTML, in order; the island app/islands/carousel.ts moves them.
 * The region takes the focus itself, so that keyboard users move it where the buttons are hidden.
 */
export function TestimonialCarousel({ items, label, hint }: { items: readonly Testimonial[]; label: string; hint: string }) {
  return (
    <div
      data-island="carousel"
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      tabIndex={0}
      className="relative mx-auto max-w-5xl rounded-xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <div className="overflow-hidden" data-slot="carousel-content">
        <div className="-ml-4 flex touch-pan-y" data-carousel-track="">
          {items.map((testimonial, index) => (
            <div
              key={testimonial.name}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${items.length}`}
              data-carousel-slide=""
              className="min-w-0 shrink-0 grow-0 basis-full pl-4 md:basis-1/2"
            >
              <TestimonialCard testimonial={testimonial} />
            </div>
          ))}
        </div>
      </div>
      {/* Extra-large screens only (Tailwind's xl, 1280px and wider). */}
      <button type="button" data-carousel-previous="" className={cn(ARROW, "-left-14")}>
        <ArrowLeft aria-hidden="true" />
        <span className="sr-only">Previous slide</span>
      </button>
      <button type="button" data-carousel-next="" className={cn(ARROW, "-right-14")}>
        <ArrowRight aria-hidden="true" />
        <span className="sr-only">Next slide</span>
      </button>
      <p className="mt-6 text-center text-sm text-muted-foreground xl:hidden">{hint}</p>
      <IslandScript name="carousel" />
    </div>
  );
}
