// @vitest-environment jsdom
/** The carousel island on the markup TestimonialCarousel renders on the server. */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { settle } from "./lib/testing";
import { TestimonialCarousel } from "~/components/marketing/variants/testimonial-carousel";
import { STATIC_PAGE } from "~/lib/static-page";

const ITEMS = ["Ana", "Ben", "Cleo"].map((name) => ({ name, title: "Owner", quote: `Quote of ${name}.` }));

function renderCarousel() {
  const Carousel = () => createElement(TestimonialCarousel, { items: ITEMS, label: "Client testimonials", hint: "Swipe" });
  const Stub = createRoutesStub([{ path: "/", Component: Carousel, handle: STATIC_PAGE }]);
  document.body.innerHTML = renderToString(createElement(Stub, { initialEntries: ["/"] }));
}

const region = () => document.querySelector<HTMLElement>('[data-island="carousel"]')!;
/** The slides' labels in the order they are shown (CSS order; the document order when none is set). */
const shown = () =>
  [...region().querySelectorAll<HTMLElement>("[data-carousel-slide]")]
    .map((slide, index) => ({ label: slide.getAttribute("aria-label"), order: Number(slide.style.order || index) }))
    .sort((a, b) => a.order - b.order)
    .map((slide) => slide.label);
const key = (name: string) => region().dispatchEvent(new KeyboardEvent("keydown", { key: name, bubbles: true, cancelable: true }));

describe("the carousel island", () => {
  beforeEach(async () => {
    renderCarousel();
    vi.resetModules();
    await import("./carousel");
    // The island mounts in a task of its own (lib/mount.ts).
    await settle();
  });

  it("is a focusable region of labelled slides, in order", () => {
    expect(region().getAttribute("aria-roledescription")).toBe("carousel");
    expect(region().tabIndex).toBe(0);
    expect(shown()).toEqual(["1 of 3", "2 of 3", "3 of 3"]);
    expect(region().hasAttribute("data-island-ready")).toBe(true);
  });

  it("moves with the arrow keys and the buttons, and goes round both ways", () => {
    key("ArrowRight");
    expect(shown()).toEqual(["2 of 3", "3 of 3", "1 of 3"]);
    key("ArrowLeft");
    key("ArrowLeft");
    expect(shown()).toEqual(["3 of 3", "1 of 3", "2 of 3"]);
    region().querySelector<HTMLButtonElement>("[data-carousel-next]")!.click();
    expect(shown()).toEqual(["1 of 3", "2 of 3", "3 of 3"]);
    region().querySelector<HTMLButtonElement>("[data-carousel-previous]")!.click();
    expect(shown()[0]).toBe("3 of 3");
  });
});
