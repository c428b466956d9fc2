import { TestimonialCard, type Testimonial } from "~/components/marketing/testimonial-card";
import { Carousel, CarouselContent, CarouselItem, CarouselNext, CarouselPrevious } from "~/components/ui/carousel";

/**
 * Home3's testimonial carousel (spec part 3): loops, aligns to start, one card per row on phones and two from
 * medium screens up, previous/next buttons only on extra-large screens, left/right arrow keys everywhere.
 * All slides are in the server's HTML.
 */
export function TestimonialCarousel({ items, label, hint }: { items: readonly Testimonial[]; label: string; hint: string }) {
  return (
    <Carousel opts={{ loop: true, align: "start" }} aria-label={label} className="mx-auto max-w-5xl">
      <CarouselContent>
        {items.map((testimonial, index) => (
          <CarouselItem key={testimonial.name} aria-label={`${index + 1} of ${items.length}`} className="md:basis-1/2">
            <TestimonialCard testimonial={testimonial} />
          </CarouselItem>
        ))}
      </CarouselContent>
      {/* Extra-large screens only (Tailwind's xl, 1280px and wider). */}
      <CarouselPrevious className="hidden xl:inline-flex" />
      <CarouselNext className="hidden xl:inline-flex" />
      <p className="mt-6 text-center text-sm text-muted-foreground xl:hidden">{hint}</p>
    </Carousel>
  );
}
