import { describe, expect, test } from "vitest";
import type { Row } from "../../common/site/page-data.js";
import { navbarExtras } from "../../web/site/navbar-extras.js";
import { en, PageBuilder, renderApp, textOf } from "./fixtures.js";

/** A widget with one buttons array holding the given buttons. */
function withButtons(page: PageBuilder, widget: Row, buttons: Record<string, unknown>[], arrayTitle = "Menu") {
  const array = page.add("website-builder/buttons-arrays", { title: en(arrayTitle) });
  page.link("website-builder/widgets-to-buttons-arrays", widget, array);
  return buttons.map((fields, index) => {
    const button = page.add("website-builder/buttons", fields);
    page.link("website-builder/buttons-arrays-to-buttons", array, button, { orderIndex: index });
    return button;
  });
}

describe("website-builder widgets", () => {
  test("content-default: hero heading, subtitle, description, className and anchor", () => {
    const page = new PageBuilder({ language: "ru" });
    page.widget("website-builder", {
      variant: "content-default",
      className: "hero-x",
      anchor: "top",
      title: en("Build sites", "Создавайте сайты"),
      subtitle: en("New", "Новое"),
      description: en("Fast", "Быстро"),
    });
    const html = renderApp(page.data);
    expect(html).toMatch(/<section[^>]*class="hero-x [^"]*" id="top"|<section[^>]*id="top"[^>]*class="hero-x /);
    expect(html).toMatch(/<h1[^>]*>Создавайте сайты<\/h1>/);
    expect(textOf(html)).toContain("Новое Создавайте сайты Быстро");
  });

  test("default: a section with h2 and the widget's features in a grid", () => {
    const page = new PageBuilder();
    const widget = page.widget("website-builder", { title: en("Why us") });
    for (const name of ["Speed", "Care"]) {
      const feature = page.add("website-builder/features", {
        title: en(name),
        description: en(`${name} text`),
        className: `f-${name}`,
      });
      page.link("website-builder/widgets-to-features", widget, feature);
    }
    const html = renderApp(page.data);
    expect(html).toMatch(/<h2[^>]*>Why us<\/h2>/);
    expect(html).toMatch(/class="s-grid[ "]/);
    expect(html.match(/data-feature=""/g)).toHaveLength(2);
    expect(html).toContain("f-Speed");
    expect(textOf(html)).toContain("Speed Speed text");
  });

  test("navbar-default: logotype, links, extras and language switcher; burger toggle for small screens", () => {
    const page = new PageBuilder({ language: "ru", path: "/about" });
    const widget = page.widget("website-builder", { variant: "navbar-default", className: "top-nav" });
    const logo = page.add("website-builder/logotypes", { title: en("Acme"), url: "/" });
    page.link("website-builder/widgets-to-logotypes", widget, logo);
    withButtons(page, widget, [
      { variant: "link", title: en("About", "О нас"), url: "/about" },
      { variant: "link", title: en("Docs"), url: "https://docs.example" },
    ]);
    navbarExtras.push({ name: "test-extra", component: () => <span data-test-extra="">EXTRA</span> });
    try {
      const html = renderApp(page.data);
      expect(html).toMatch(/<header class="top-nav" data-navbar=""/);
      expect(html).toMatch(/<a href="\/ru"[^>]*data-logotype=""/);
      expect(html).toMatch(/<a[^>]*href="\/ru\/about"[^>]*>О нас<\/a>/);
      expect(html).toMatch(/<a[^>]*href="https:\/\/docs.example"[^>]*target="_blank"[^>]*rel="noopener noreferrer"/);
      expect(html).toContain("EXTRA");
      expect(html).toMatch(/href="\/about" hrefLang="en"/);
      expect(html).toMatch(/href="\/ru\/about" hrefLang="ru"/);
      expect(html).toMatch(/<button[^>]*mantine-hidden-from-lg[^>]*aria-label="Открыть меню" aria-expanded="false"/);
      expect(html).toMatch(/<nav[^>]*mantine-visible-from-lg/);
      // The full-screen menu only exists once opened (in the browser).
      expect(html).not.toContain("data-mobile-menu");
    } finally {
      navbarExtras.pop();
    }
  });

  test("footer-default: columns per buttons array, copyright line", () => {
    const page = new PageBuilder();
    const widget = page.widget("website-builder", {
      variant: "footer-default",
      title: en("Acme"),
      description: en("We make things"),
    });
    withButtons(page, widget, [{ variant: "link", title: en("Privacy"), url: "/privacy" }], "Legal");
    const html = renderApp(page.data);
    expect(html).toContain("<footer");
    expect(textOf(html)).toContain("Acme We make things Legal Privacy");
    expect(textOf(html)).toContain("© Acme. All rights reserved.");
  });

  test("slider: slides in order from sliders-to-slides, left and right zones, first slide active", () => {
    const page = new PageBuilder({ language: "ru" });
    const widget = page.widget("website-builder", {});
    const slider = page.add("website-builder/sliders", {});
    page.link("website-builder/widgets-to-sliders", widget, slider);
    const second = page.add("website-builder/slides", { title: en("Second"), url: "" });
    const first = page.add("website-builder/slides", { title: en("First"), url: "/sale" });
    page.link("website-builder/sliders-to-slides", slider, second, { orderIndex: 1 });
    page.link("website-builder/sliders-to-slides", slider, first, { orderIndex: 0 });
    const image = page.add("file-storage/files", { file: "/public/files/a.jpg", mimeType: "image/jpeg" });
    page.link("website-builder/slides-to-file-storage-module-files", first, image);
    const html = renderApp(page.data);
    const text = textOf(html);
    expect(text.indexOf("First")).toBeLessThan(text.indexOf("Second"));
    expect(html).toMatch(/aria-label="Предыдущий слайд" data-slider-prev=""[^>]*left:0;width:16.667%/);
    expect(html).toMatch(/aria-label="Следующий слайд" data-slider-next=""[^>]*right:0;width:16.667%/);
    expect(html).toContain("transform:translateX(-0%)");
    expect(html).toMatch(/<a href="\/ru\/sale" aria-label="First" data-slide-link=""/);
    expect(html.match(/data-slide-link/g)).toHaveLength(1);
    expect(html).toContain("url(&quot;/public/files/a.jpg?w=1920&quot;)");
  });

  test("a slider with one slide has no click zones", () => {
    const page = new PageBuilder();
    const widget = page.widget("website-builder", {});
    const slider = page.add("website-builder/sliders", {});
    page.link("website-builder/widgets-to-sliders", widget, slider);
    page.link("website-builder/sliders-to-slides", slider, page.add("website-builder/slides", { title: en("Only") }));
    const html = renderApp(page.data);
    expect(html).toContain("Only");
    expect(html).not.toContain("data-slider-next");
  });

  test("logotype with an image links by the logotype rules", () => {
    const page = new PageBuilder({ language: "ru" });
    const widget = page.widget("website-builder", {});
    const logo = page.add("website-builder/logotypes", { title: en("Brand"), url: "https://brand.example" });
    page.link("website-builder/widgets-to-logotypes", widget, logo);
    page.link(
      "website-builder/logotypes-to-file-storage-module-files",
      logo,
      page.add("file-storage/files", { file: "logo.svg", mimeType: "image/svg+xml" }),
    );
    const html = renderApp(page.data);
    expect(html).toMatch(/<a href="https:\/\/brand.example"[^>]*data-logotype=""/);
    expect(html).toMatch(/<img src="\/public\/files\/logo.svg" alt="Brand"/);
  });
});

describe("button variants", () => {
  test.each([
    ["default", 'data-variant="filled"'],
    ["primary", 'data-variant="gradient"'],
    ["secondary", 'data-variant="light"'],
    ["outline", 'data-variant="outline"'],
    ["ghost", 'data-variant="subtle"'],
    ["destructive", "--mantine-color-red-filled"],
    ["link", "mantine-Anchor-root"],
    ["children", "mantine-UnstyledButton-root"],
  ])("%s", (variant, marker) => {
    const page = new PageBuilder({ language: "ru" });
    const widget = page.widget("website-builder", {});
    withButtons(page, widget, [
      { variant, title: en("Go", "Вперёд"), subtitle: en("", "подсказка"), url: "/shop", className: `btn-${variant}` },
    ]);
    const html = renderApp(page.data);
    const button = html.match(new RegExp(`<a[^>]*data-button-variant="${variant}"[^>]*>[\\s\\S]*?</a>`))?.[0] ?? "";
    expect(button).toContain('href="/ru/shop"');
    expect(button).toContain(`btn-${variant}`);
    expect(button).toContain(marker);
    expect(textOf(button)).toContain("Вперёд");
    if (variant === "children") expect(textOf(button)).toContain("подсказка");
  });

  test("an unknown button variant renders nothing", () => {
    const page = new PageBuilder();
    const widget = page.widget("website-builder", {});
    withButtons(page, widget, [
      { variant: "sparkly", title: en("Nope"), url: "/" },
      { title: en("Yes"), url: "" },
    ]);
    const html = renderApp(page.data);
    expect(html).not.toContain("Nope");
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*data-button-variant="default"/);
  });
});

describe("file view", () => {
  test.each([
    [
      { file: "https://cdn.example/a.png", mimeType: "image/png", alt: "A" },
      /<img src="https:\/\/cdn.example\/a.png" alt="A"/,
    ],
    [{ file: "http://old.example/public/files/b.png", mimeType: "image/png" }, /<img src="\/public\/files\/b.png"/],
    [{ file: "/public/files/c.mp4", mimeType: "video/mp4" }, /<video src="\/public\/files\/c.mp4" controls=""/],
    [{ file: "d.pdf", mimeType: "application/pdf" }, /<a href="\/public\/files\/d.pdf" download=""/],
  ])("%o", (fields, pattern) => {
    const page = new PageBuilder();
    const widget = page.widget("file-storage", { title: en("Gallery") });
    page.link("file-storage/widgets-to-files", widget, page.add("file-storage/files", fields));
    expect(renderApp(page.data)).toMatch(pattern);
  });
});
