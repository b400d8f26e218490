import { adminLanguage } from "../admin-language.js";
import { plural } from "../../ui/plural.js";

/** The Taxes screens' words (the list of tax rates and a rate's form), in the admin's two languages. */
const en = {
  taxes: "Taxes",
  newRate: "New tax rate",
  search: "Search by title, country or region",
  none: "No tax rates yet: no tax is added at checkout.",
  count: (n: number) => `${n.toLocaleString("en")} ${n === 1 ? "tax rate" : "tax rates"}`,
  title: "Title",
  country: "Country",
  region: "Region",
  rate: "Rate",
  appliesTo: "Applies to",
  deliveryTaxed: "Delivery taxed",
  wholeCountry: "Whole country",
  allProducts: "All products",
  untitled: "Tax rate",
  where: "Where it is charged",
  chooseCountry: "Choose a country",
  regionHelp: "A state or province as buyers write it in the address. Empty: the whole country",
  what: "What it is charged on",
  whatHelp:
    "A category's rate wins over the general one, and a region's over the whole country's, for the products it covers.",
  ratePercent: "Rate, %",
  rateHelp: "Such as 19 or 7.5",
  rateRange: "A percent from 0 to 100, such as 19 or 7.5",
  category: "Category",
  categoryHelp: "Empty: every product",
  taxShipping: "Delivery is taxed at this rate too",
};

export type TaxesTexts = typeof en;

const ru: TaxesTexts = {
  taxes: "Налоги",
  newRate: "Новая ставка налога",
  search: "Поиск по названию, стране или региону",
  none: "Ставок налога пока нет: при оформлении налог не добавляется.",
  count: (n: number) =>
    `${n.toLocaleString("ru")} ${plural("ru", n, { one: "ставка", few: "ставки", many: "ставок", other: "ставки" })} налога`,
  title: "Название",
  country: "Страна",
  region: "Регион",
  rate: "Ставка",
  appliesTo: "К чему",
  deliveryTaxed: "Налог на доставку",
  wholeCountry: "Вся страна",
  allProducts: "Все товары",
  untitled: "Ставка налога",
  where: "Где взимается",
  chooseCountry: "Выберите страну",
  regionHelp: "Штат или область, как покупатели пишут в адресе. Пусто — вся страна",
  what: "С чего взимается",
  whatHelp:
    "Ставка категории важнее общей, а ставка региона — ставки всей страны, для товаров, к которым она относится.",
  ratePercent: "Ставка, %",
  rateHelp: "Например, 19 или 7,5",
  rateRange: "Процент от 0 до 100, например 19 или 7,5",
  category: "Категория",
  categoryHelp: "Пусто — все товары",
  taxShipping: "Доставка облагается по этой ставке",
};

export function taxesTexts(language = adminLanguage()): TaxesTexts {
  return language.toLowerCase().startsWith("ru") ? ru : en;
}
