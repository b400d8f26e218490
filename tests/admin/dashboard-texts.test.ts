import { describe, expect, it } from "vitest";
import { dashboardStrings, dashboardTexts } from "../../web/admin/dashboard/dashboard-texts.js";

// The dashboard's counts in words, by each language's own noun forms (web/ui/plural.ts): 1 черновик
// ждёт, 2 черновика ждут, 5 черновиков ждут, 21 черновик ждёт; 1 draft, 2 drafts.
describe("the dashboard's words", () => {
  const { en, ru } = dashboardStrings;

  it.each([
    [1, "1 draft waiting", "1 черновик ждёт публикации"],
    [2, "2 drafts waiting", "2 черновика ждут публикации"],
    [5, "5 drafts waiting", "5 черновиков ждут публикации"],
    [11, "11 drafts waiting", "11 черновиков ждут публикации"],
    [21, "21 drafts waiting", "21 черновик ждёт публикации"],
  ])("counts %i drafts as %s / %s", (n, english, russian) => {
    expect(en.draftsCount(n)).toBe(english);
    expect(ru.draftsCount(n)).toBe(russian);
  });

  it("counts orders, submissions, schedules and changes in each language's forms", () => {
    expect([en.ordersCount(1), en.ordersCount(3)]).toEqual(["1 paid order to ship", "3 paid orders to ship"]);
    expect([ru.ordersCount(1), ru.ordersCount(3), ru.ordersCount(7)]).toEqual([
      "1 оплаченный заказ ждёт отправки",
      "3 оплаченных заказа ждут отправки",
      "7 оплаченных заказов ждут отправки",
    ]);
    expect([ru.submissionsCount(1), ru.submissionsCount(4), ru.submissionsCount(12)]).toEqual([
      "1 заявка за последние 7 дней",
      "4 заявки за последние 7 дней",
      "12 заявок за последние 7 дней",
    ]);
    expect([en.scheduledCount(1), ru.scheduledCount(22)]).toEqual(["1 record scheduled", "22 записи по расписанию"]);
    expect([en.changesCount(50, true), ru.changesCount(5, false)]).toEqual([
      "50+ changes in the last 24 hours",
      "5 изменений за последние 24 часа",
    ]);
  });

  it("has every English text in Russian, chosen by the browser's language", () => {
    expect(Object.keys(ru).sort()).toEqual(Object.keys(en).sort());
    expect(dashboardTexts("ru-RU").dashboard).toBe("Сводка");
    expect(dashboardTexts("de-DE").dashboard).toBe("Dashboard");
  });
});
