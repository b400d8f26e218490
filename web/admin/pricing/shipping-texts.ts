import { adminLanguage } from "../admin-language.js";
import { plural } from "../../ui/plural.js";

/** The Shipping screens' words (the list of rates and a rate's form), in the admin's two languages. */
const en = {
  shipping: "Shipping",
  newRate: "New shipping rate",
  search: "Search by title",
  none: "No shipping rates yet. Without any, delivery costs nothing.",
  count: (n: number) => `${n.toLocaleString("en")} ${n === 1 ? "shipping rate" : "shipping rates"}`,
  title: "Title",
  deliversTo: "Delivers to",
  price: "Price",
  weight: "Weight",
  goods: "Goods",
  freeFrom: "Free from",
  everywhere: "Everywhere",
  anyWeight: "Any weight",
  anyAmount: "Any amount",
  never: "—",
  from: (text: string) => `from ${text}`,
  upTo: (text: string) => `up to ${text}`,
  untitled: "Shipping rate",
  where: "Where it delivers",
  countries: "Countries",
  countriesHelp: "Leave empty to deliver everywhere",
  chooseCountries: "Choose countries",
  cost: "What it costs",
  amount: "Price of delivery",
  freeFromHelp: "Delivery costs nothing when the goods cost at least this (after discounts). Empty: never free",
  when: "When it is offered",
  whenHelp:
    "Offered at checkout only when the cart falls in these bands; leave a field empty for no limit. Weight is the products' weight in grams (1 kg = 1000 g); the goods' amount is after discounts.",
  minWeight: "Weight from, g",
  maxWeight: "Weight up to, g",
  minSubtotal: "Goods from",
  maxSubtotal: "Goods up to",
};

export type ShippingTexts = typeof en;

const ru: ShippingTexts = {
  shipping: "Доставка",
  newRate: "Новый тариф доставки",
  search: "Поиск по названию",
  none: "Тарифов доставки пока нет. Пока их нет, доставка бесплатна.",
  count: (n: number) =>
    `${n.toLocaleString("ru")} ${plural("ru", n, { one: "тариф", few: "тарифа", many: "тарифов", other: "тарифа" })} доставки`,
  title: "Название",
  deliversTo: "Куда",
  price: "Цена",
  weight: "Вес",
  goods: "Сумма товаров",
  freeFrom: "Бесплатно от",
  everywhere: "Везде",
  anyWeight: "Любой вес",
  anyAmount: "Любая сумма",
  never: "—",
  from: (text: string) => `от ${text}`,
  upTo: (text: string) => `до ${text}`,
  untitled: "Тариф доставки",
  where: "Куда доставляет",
  countries: "Страны",
  countriesHelp: "Оставьте пустым, чтобы доставлять везде",
  chooseCountries: "Выберите страны",
  cost: "Стоимость",
  amount: "Цена доставки",
  freeFromHelp: "Доставка бесплатна, когда товары стоят не меньше этой суммы (после скидок). Пусто — никогда",
  when: "Когда предлагается",
  whenHelp:
    "Тариф предлагается при оформлении, только когда корзина попадает в эти границы; пустое поле — без ограничения. Вес — вес товаров в граммах (1 кг = 1000 г); сумма товаров — после скидок.",
  minWeight: "Вес от, г",
  maxWeight: "Вес до, г",
  minSubtotal: "Сумма товаров от",
  maxSubtotal: "Сумма товаров до",
};

export function shippingTexts(language = adminLanguage()): ShippingTexts {
  return language.toLowerCase().startsWith("ru") ? ru : en;
}
