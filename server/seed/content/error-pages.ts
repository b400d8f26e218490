import type { SeedWriter } from "../seed-writer.js";

/** '/404' (shown for unknown addresses) and '/500' (the frame of the global error page). */
export async function seedErrorPages(w: SeedWriter) {
  const notFound = await w.widget("website-builder", "content-default", "not-found", {
    title: { en: "Page not found", ru: "Страница не найдена" },
    subtitle: {
      en: "The address may be mistyped, or the page has moved",
      ru: "Возможно, адрес набран с ошибкой или страница переехала",
    },
    description: {
      en: "Use the navigation above, or start again from the home page.",
      ru: "Воспользуйтесь меню выше или начните с главной страницы.",
    },
  });
  const home = await w.buttonsArray("not-found-actions", [
    { title: { en: "Go to the home page", ru: "На главную" }, url: "/", variant: "primary" },
  ]);
  await w.link("website-builder/widgets-to-buttons-arrays", { widgetId: notFound.widgetId, buttonsArrayId: home });
  await w.page({
    url: "/404",
    title: "Page not found · Northwind Studio",
    description: "There is no page at this address.",
    widgets: [notFound],
  });

  const trouble = await w.widget("website-builder", "content-default", "server-error", {
    title: { en: "We are on it", ru: "Мы уже разбираемся" },
    subtitle: { en: "Something broke on our side", ru: "Что-то сломалось на нашей стороне" },
    description: {
      en: "Please try again in a minute. If it keeps happening, write to us from the contact page.",
      ru: "Попробуйте ещё раз через минуту. Если ошибка повторяется, напишите нам со страницы контактов.",
    },
  });
  await w.page({
    url: "/500",
    title: "Something went wrong · Northwind Studio",
    description: "An error on the server.",
    widgets: [trouble],
  });
}
