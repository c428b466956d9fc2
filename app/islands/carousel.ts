/**
 * The testimonial carousel's island (components/marketing/variants/testimonial-carousel.tsx): the first
 * slide in view is `start`; moving goes round (after the last comes the first), by the buttons, the left
 * and right arrow keys on the region, or a horizontal swipe. The slides keep their place in the document
 * and are shown in turn through their CSS order, sliding in unless the visitor prefers reduced motion.
 */
import { mount, part } from "./lib/mount";

const SWIPE_PX = 40;

mount("carousel", (root) => {
  const track = part(root, "[data-carousel-track]");
  const slides = [...root.querySelectorAll<HTMLElement>("[data-carousel-slide]")];
  let start = 0;

  function move(step: 1 | -1) {
    const count = slides.length;
    start = (start + step + count) % count;
    slides.forEach((slide, i) => (slide.style.order = String((i - start + count) % count)));
    const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    if (!reduce && track.animate) {
      const width = slides[0]!.getBoundingClientRect().width;
      track.animate([{ transform: `translateX(${step * width}px)` }, { transform: "translateX(0)" }], {
        duration: 250,
        easing: "ease-out",
      });
    }
  }

  part(root, "[data-carousel-previous]").addEventListener("click", () => move(-1));
  part(root, "[data-carousel-next]").addEventListener("click", () => move(1));
  root.addEventListener("keydown", (event) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    event.preventDefault();
    move(event.key === "ArrowLeft" ? -1 : 1);
  });
  let downX: number | null = null;
  track.addEventListener("pointerdown", (event) => (downX = event.clientX));
  track.addEventListener("pointerup", (event) => {
    if (downX === null) return;
    const dx = event.clientX - downX;
    downX = null;
    if (Math.abs(dx) >= SWIPE_PX) move(dx < 0 ? 1 : -1);
  });
  track.addEventListener("pointercancel", () => (downX = null));
});
