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
 * of the slider goes back or forward, wrapping around; dots jump to a slide. The first slide is
 * shown on the server, so hydration starts from the same picture.
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
    <div className={classNameOf(record)} data-slider="" style={{ position: "relative", overflow: "hidden", borderRadius: 16, width: "100%" }}>
      <div data-slider-track="" style={{ display: "flex", transform: `translateX(-${index * 100}%)`, transition: "transform 500ms ease" }}>
        {slides.map(({ relation, record: slide }, position) => (
          <div key={relation.id} style={{ flex: "0 0 100%", minWidth: 0 }} aria-hidden={position === index ? undefined : true} data-active={position === index ? "" : undefined}>
            <VariantView model="website-builder/slides" record={slide} relation={relation} />
          </div>
        ))}
      </div>
      {count > 1 ? (
        <>
          <button type="button" aria-label={t("previousSlide")} data-slider-prev="" onClick={() => go(-1)} style={zone("left")}>
            <span aria-hidden style={chevron}>
              ‹
            </span>
          </button>
          <button type="button" aria-label={t("nextSlide")} data-slider-next="" onClick={() => go(1)} style={zone("right")}>
            <span aria-hidden style={chevron}>
              ›
            </span>
          </button>
          <div style={{ position: "absolute", bottom: 16, left: 0, right: 0, display: "flex", justifyContent: "center", gap: 8, zIndex: 4 }}>
            {slides.map(({ relation }, position) => (
              <button
                key={relation.id}
                type="button"
                aria-label={`${t("goToSlide")} ${position + 1}`}
                aria-current={position === index ? "true" : undefined}
                onClick={() => setIndex(position)}
                style={{ width: position === index ? 24 : 8, height: 8, borderRadius: 4, border: 0, padding: 0, cursor: "pointer", transition: "width 200ms", background: position === index ? "white" : "rgba(255,255,255,0.55)", boxShadow: "0 0 4px rgba(0,0,0,0.3)" }}
              />
            ))}
          </div>
        </>
      ) : null}
    </div>
  );
}
