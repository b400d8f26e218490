import { describe, expect, test } from "vitest";
import { en, PageBuilder, renderApp, textOf } from "./fixtures.js";

describe("file-storage widget: images with srcset, videos with controls", () => {
  function gallery(language: "en" | "ru" = "en") {
    const page = new PageBuilder({ language });
    const widget = page.widget("file-storage", {
      title: en("Gallery", "Галерея"),
      subtitle: en("Our studio", "Наша студия"),
      className: "gallery",
    });
    const photo = page.add("file-storage/files", {
      file: "/public/files/11111111-1111-4111-8111-111111111111.jpg",
      mimeType: "image/jpeg",
      width: 1500,
      height: 1000,
      alt: "The studio",
    });
    const small = page.add("file-storage/files", {
      file: "/public/files/22222222-2222-4222-8222-222222222222.png",
      mimeType: "image/png",
      width: 200,
      height: 100,
      alt: "Small",
    });
    const clip = page.add("file-storage/files", {
      file: "/public/files/33333333-3333-4333-8333-333333333333.mp4",
      mimeType: "video/mp4",
      width: 1280,
      height: 720,
    });
    const drawing = page.add("file-storage/files", {
      file: "/public/files/44444444-4444-4444-8444-444444444444.svg",
      mimeType: "image/svg+xml",
      width: 120,
      height: 80,
    });
    const receipt = page.add("file-storage/files", {
      variant: "generate-template-ecommerce-order-receipt-default",
      file: "/public/files/55555555-5555-4555-8555-555555555555.png",
      mimeType: "image/png",
      width: 1500,
      height: 1500,
    });
    [photo, small, clip, drawing, receipt].forEach((file, i) =>
      page.link("file-storage/widgets-to-files", widget, file, { orderIndex: i }),
    );
    return page;
  }

  test("an image gets a srcset of the widths below its own, and its own; a video plays with controls", () => {
    const html = renderApp(gallery().data);
    expect(html).toMatch(/<section[^>]*class="gallery/);
    expect(textOf(html)).toContain("Gallery");
    const photo = /<img[^>]*alt="The studio"[^>]*>/.exec(html)![0];
    const src = "/public/files/11111111-1111-4111-8111-111111111111.jpg";
    expect(photo).toContain(`src="${src}"`);
    // (React writes the attribute as srcSet; HTML attribute names are case-insensitive.)
    expect(photo.toLowerCase()).toContain(
      `srcset="${src}?w=320 320w, ${src}?w=640 640w, ${src}?w=960 960w, ${src}?w=1280 1280w, ${src} 1500w"`,
    );
    expect(photo).toMatch(/sizes="100vw"/);
    expect(photo).toMatch(/width="1500" height="1000"/);
    // Smaller than every listed width, or a drawing: nothing to choose from.
    expect(/<img[^>]*alt="Small"[^>]*>/.exec(html)![0]).not.toMatch(/srcset/i);
    expect(html).toMatch(/<img[^>]*src="\/public\/files\/44444444[^"]*\.svg"(?![^>]*srcset)[^>]*>/i);
    expect(html).toMatch(/<video[^>]*src="\/public\/files\/33333333-3333-4333-8333-333333333333\.mp4"[^>]*controls=""/);
    // A generated template variant (the receipt) shows as an image too.
    expect(html).toMatch(/<img[^>]*src="\/public\/files\/55555555[^"]*\.png"[^>]*srcset=/i);
  });

  test("in Russian", () => {
    expect(textOf(renderApp(gallery("ru").data))).toContain("Галерея");
  });
});

describe("widgets of modules with no content of their own render their default variant", () => {
  test.each(["startup", "analytic", "agent", "billing", "notification", "social"])(
    "%s widget: title, subtitle, description and className, in en and ru",
    (module) => {
      for (const language of ["en", "ru"] as const) {
        const page = new PageBuilder({ language });
        page.widget(module, {
          title: en(`${module} title`, `${module} заголовок`),
          subtitle: en("A subtitle", "Подзаголовок"),
          description: en("Some words", "Несколько слов"),
          className: `${module}-block`,
        });
        const html = renderApp(page.data);
        expect(html).toMatch(new RegExp(`<section[^>]*class="${module}-block`));
        expect(html).toMatch(new RegExp(`<h2[^>]*>${module} ${language === "en" ? "title" : "заголовок"}</h2>`));
        expect(textOf(html)).toContain(language === "en" ? "A subtitle" : "Подзаголовок");
        expect(textOf(html)).toContain(language === "en" ? "Some words" : "Несколько слов");
      }
    },
  );

  test("an unknown variant still renders nothing", () => {
    const page = new PageBuilder();
    page.widget("analytic", { variant: "no-such-variant", title: en("Hidden") });
    expect(textOf(renderApp(page.data))).not.toContain("Hidden");
  });
});
