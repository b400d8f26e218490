import { useState } from "react";
import { classNameOf } from "../../render/class-name.js";
import { useSite, useUiText } from "../../render/use-site.js";
import { VariantView } from "../../render/variant-view.js";
import type { VariantProps } from "../../variant-types.js";

const zone = (side: "left" | "right") =>
  ({
    position: "absolute",
    top: 0,
    bottom: 0,
    [side]: 0,
    width: "16.667%",
    zIndex: 3,
    border: 0,
    padding: 0,
    cursor: "pointer",
    background: "transparent",
    display: "flex",
    alignItems: "center",
    justifyContent: side === "left" ? "flex-start" : "flex-end",
    paddingInline: 16,
  }) as const;

/** The visible chevron inside a click zone: a dark disc that reads on light and dark slides. */
const chevron = {
  width: 40,
  height: 40,
  borderRadius: "50%",
  background: "rgba(0,0,0,0.35)",
  color: "white",
  fontSize: 28,
  lineHeight: "36px",
  textAlign: "center",
} as const;

/**
 * A looping carousel of the slider's slides (sliders-to-slides). Clicking the left or right sixth
 * of the slider goes back or forward, wrapping around; dots jump to a slide; with the focus in the
 * slider the arrow keys turn it. The first slide is shown on the server, so hydration starts from
 * the same picture. Hidden slides are inert: their links are neither focusable nor announced.
 */
export function SliderDefault({ record }: VariantProps) {
  const site = useSite();
  const t = useUiText();
  const slides = site.related("website-builder/sliders-to-slides", record.id);
  const [index, setIndex] = useState(0);
  if (!slides.length) return null;
  const count = slides.length;
  const go = (step: number) => setIndex((current) => (current + step + count) % count);
  return (
    // biome-ignore lint/a11y/useSemanticElements: the carousel pattern (a region with aria-roledescription) on the slider's own box
    <div
      className={classNameOf(record)}
      data-slider=""
      role="region"
      aria-roledescription="carousel"
      aria-label={t("slides")}
      onKeyDown={(event) => {
        if (count < 2 || (event.key !== "ArrowLeft" && event.key !== "ArrowRight")) return;
        event.preventDefault();
        go(event.key === "ArrowLeft" ? -1 : 1);
      }}
      style={{ position: "relative", overflow: "hidden", borderRadius: 16, width: "100%" }}
    >
      <div
        data-slider-track=""
        style={{ display: "flex", transform: `translateX(-${index * 100}%)`, transition: "transform 500ms ease" }}
      >
        {slides.map(({ relation, record: slide }, position) => (
          // biome-ignore lint/a11y/useSemanticElements: each slide is a group of the carousel pattern, not a form's fieldset
          <div
            key={relation.id}
            style={{ flex: "0 0 100%", minWidth: 0 }}
            role="group"
            aria-roledescription="slide"
            aria-label={`${position + 1} / ${count}`}
            aria-hidden={position === index ? undefined : true}
            inert={position === index ? undefined : true}
            data-active={position === index ? "" : undefined}
          >
            <VariantView model="website-builder/slides" record={slide} relation={relation} />
          </div>
        ))}
      </div>
      {count > 1 ? (
        <>
          <button
            type="button"
            aria-label={t("previousSlide")}
            data-slider-prev=""
            onClick={() => go(-1)}
            style={zone("left")}
          >
            <span aria-hidden style={chevron}>
              ‹
            </span>
          </button>
          <button
            type="button"
            aria-label={t("nextSlide")}
            data-slider-next=""
            onClick={() => go(1)}
            style={zone("right")}
          >
            <span aria-hidden style={chevron}>
              ›
            </span>
          </button>
          <div className="s-slider-dots">
            {slides.map(({ relation }, position) => (
              // A 24×24 tap target (WCAG 2.5.8) around the small visible pill (site.css).
              <button
                key={relation.id}
                type="button"
                className="s-slider-dot"
                aria-label={`${t("goToSlide")} ${position + 1}`}
                aria-current={position === index ? "true" : undefined}
                onClick={() => setIndex(position)}
              />
            ))}
          </div>
        </>
      ) : null}
    </div>
  );
}
