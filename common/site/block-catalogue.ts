/**
 * The page composer's palette (docs/api.md "Page blocks"): for each module's widget variant the site registry
 * knows (web/site/variants.ts), a label and a one-line description in the editor's languages and
 * the kinds of children the variant shows. Plain data, in common/ because the server's palette route
 * and block checks read it; tests/site-render/block-catalogue.test.ts holds it to the registry, so a
 * new variant gets its entry in the same change.
 */

/** The children a block may take; server/site/host/blocks/block-kinds.ts says how each is stored. */
export const CHILD_KINDS = [
  "features",
  "buttons",
  "slides",
  "logotypes",
  "files",
  "articles",
  "categories",
  "products",
  "stores",
  "forms",
] as const;
export type ChildKind = (typeof CHILD_KINDS)[number];

export interface CatalogueEntry {
  label: { en: string; ru: string };
  description: { en: string; ru: string };
  children: readonly ChildKind[];
  /**
   * false: not offered in the palette, though blocks of it still render, are labelled and may be
   * created through the API (the original frontend's per-module text widgets, which the palette's
   * one Text block replaces).
   */
  inPalette?: false;
}

const entry = (
  en: string,
  ru: string,
  enText: string,
  ruText: string,
  children: readonly ChildKind[] = [],
): CatalogueEntry => ({
  label: { en, ru },
  description: { en: enText, ru: ruText },
  children,
});

/** A module's text-only `default` widget: the same heading and text as the palette's Text block, so not offered twice. */
const moduleText = (en: string, ru: string): CatalogueEntry => ({
  ...entry(en, ru, "A heading with a subtitle and text.", "Заголовок с подзаголовком и текстом."),
  inPalette: false,
});

/** The palette's group headings: each module's name in the editor's languages. */
export const moduleLabels: Record<string, { en: string; ru: string }> = {
  "website-builder": { en: "Page sections", ru: "Разделы страницы" },
  blog: { en: "Blog", ru: "Блог" },
  ecommerce: { en: "Shop", ru: "Магазин" },
  crm: { en: "Forms", ru: "Формы" },
  "file-storage": { en: "Files and images", ru: "Файлы и изображения" },
  rbac: { en: "Accounts", ru: "Учётные записи" },
  social: { en: "Community", ru: "Сообщество" },
  billing: { en: "Payments", ru: "Оплата" },
  startup: { en: "Startup", ru: "Стартап" },
  notification: { en: "Notifications", ru: "Уведомления" },
  analytic: { en: "Analytics", ru: "Аналитика" },
  agent: { en: "Assistant", ru: "Ассистент" },
};

/** Module name → variant of `{module}/widgets` → its entry. */
export const blockCatalogue: Record<string, Record<string, CatalogueEntry>> = {
  "website-builder": {
    default: entry(
      "Section",
      "Раздел",
      "A heading and text on the left, then the block's features, buttons, slides or images.",
      "Заголовок и текст слева, затем преимущества, кнопки, слайды или изображения блока.",
      ["features", "buttons", "slides", "logotypes", "files"],
    ),
    "content-default": entry(
      "Hero",
      "Главный блок",
      "A large centred heading with a subtitle and lead text, then buttons, features or images.",
      "Крупный заголовок по центру с подзаголовком и вводным текстом, затем кнопки, преимущества или изображения.",
      ["features", "buttons", "slides", "logotypes", "files"],
    ),
    "text-default": entry(
      "Text",
      "Текст",
      "A heading with a subtitle and text.",
      "Заголовок с подзаголовком и текстом.",
    ),
    "cta-default": entry(
      "Call to action",
      "Призыв к действию",
      "A tinted band with a short headline, a line of text and buttons, centred: what the visitor should do next.",
      "Цветная полоса с коротким заголовком, строкой текста и кнопками по центру: что посетителю сделать дальше.",
      ["buttons"],
    ),
    "navbar-default": entry(
      "Navigation bar",
      "Панель навигации",
      "The site's logo and menu links across the top of the page.",
      "Логотип сайта и ссылки меню вверху страницы.",
      ["buttons", "logotypes"],
    ),
    "navbar-search-default": entry(
      "Navigation bar with search",
      "Панель навигации с поиском",
      "The site's logo, menu links and a search box with suggestions across the top of the page.",
      "Логотип сайта, ссылки меню и поле поиска с подсказками вверху страницы.",
      ["buttons", "logotypes"],
    ),
    "search-results-default": entry(
      "Search results",
      "Результаты поиска",
      "The results of the visitor's search (the address's ?q=), grouped into articles, products and pages.",
      "Результаты поиска посетителя (?q= в адресе) по группам: статьи, товары и страницы.",
    ),
    "footer-default": entry(
      "Footer",
      "Подвал",
      "Links and logos at the bottom of the page.",
      "Ссылки и логотипы внизу страницы.",
      ["buttons", "logotypes"],
    ),
  },
  blog: {
    default: entry("Blog", "Блог", "The newest articles and the blog's categories.", "Свежие статьи и рубрики блога.", [
      "articles",
      "categories",
    ]),
    "article-list-default": entry(
      "Article list",
      "Список статей",
      "Cards of the chosen articles, or of the newest ones.",
      "Карточки выбранных или самых свежих статей.",
      ["articles"],
    ),
    "article-overview-default": entry(
      "Article",
      "Статья",
      "The article the page's address names, in full.",
      "Статья, на которую указывает адрес страницы, целиком.",
      ["articles"],
    ),
    "article-overview-with-private-content-default": entry(
      "Article with members' part",
      "Статья с закрытой частью",
      "An article whose private part only signed-in members read.",
      "Статья, закрытую часть которой читают только вошедшие участники.",
      ["articles"],
    ),
    "article-overview-ecommerce-module-product-list-card-default": entry(
      "Article with products",
      "Статья с товарами",
      "An article followed by cards of the products it mentions.",
      "Статья и карточки упомянутых в ней товаров.",
      ["articles"],
    ),
    "category-overview-default": entry(
      "Blog category",
      "Рубрика блога",
      "The category the page's address names, with its articles.",
      "Рубрика из адреса страницы с её статьями.",
      ["categories"],
    ),
    "category-list-default": entry(
      "Blog categories",
      "Рубрики блога",
      "Cards of the chosen categories, or of all of them.",
      "Карточки выбранных или всех рубрик.",
      ["categories"],
    ),
    "category-list-button-default": entry(
      "Category buttons",
      "Кнопки рубрик",
      "The blog's categories as a row of buttons.",
      "Рубрики блога в виде ряда кнопок.",
      ["categories"],
    ),
  },
  ecommerce: {
    default: entry(
      "Shop",
      "Магазин",
      "Products of the shop in a grid with their prices.",
      "Товары магазина в сетке с ценами.",
      ["products", "categories", "stores"],
    ),
    "product-list-default": entry(
      "Product list",
      "Список товаров",
      "Cards of the chosen products, or of the newest ones.",
      "Карточки выбранных или самых новых товаров.",
      ["products"],
    ),
    "product-overview-default": entry(
      "Product",
      "Товар",
      "The product the page's address names, with price and cart button.",
      "Товар из адреса страницы с ценой и кнопкой корзины.",
      ["products"],
    ),
    "category-list-default": entry(
      "Product categories",
      "Категории товаров",
      "Cards of the chosen categories, or of all of them.",
      "Карточки выбранных или всех категорий.",
      ["categories"],
    ),
    "category-overview-default": entry(
      "Product category",
      "Категория товаров",
      "The category the page's address names, with its products.",
      "Категория из адреса страницы с её товарами.",
      ["categories"],
    ),
    "store-list-default": entry(
      "Store list",
      "Список магазинов",
      "Cards of the chosen stores, or of all of them.",
      "Карточки выбранных или всех магазинов.",
      ["stores"],
    ),
    "store-overview-default": entry(
      "Store",
      "Магазин (точка)",
      "The store the page's address names, with its products.",
      "Магазин из адреса страницы с его товарами.",
      ["stores"],
    ),
    "order-list-default": entry(
      "My orders",
      "Мои заказы",
      "The signed-in customer's orders.",
      "Заказы вошедшего покупателя.",
      [],
    ),
  },
  crm: {
    default: entry(
      "Contact form",
      "Форма обратной связи",
      "A heading and a form visitors send to you.",
      "Заголовок и форма, которую посетители отправляют вам.",
      ["forms"],
    ),
    "form-list-default": entry("Forms", "Формы", "Several forms one after another.", "Несколько форм одна за другой.", [
      "forms",
    ]),
  },
  "file-storage": {
    default: entry("Gallery", "Галерея", "Images and files in a grid.", "Изображения и файлы в сетке.", ["files"]),
  },
  rbac: {
    "select-method-default": entry(
      "Sign in",
      "Вход",
      "The sign-in form with its methods.",
      "Форма входа со способами входа.",
      [],
    ),
    "registration-default": entry(
      "Registration",
      "Регистрация",
      "The form to create an account.",
      "Форма создания учётной записи.",
      [],
    ),
    "forgot-password-default": entry(
      "Forgot password",
      "Забыли пароль",
      "Asks for the email to send a reset link to.",
      "Запрашивает адрес для ссылки сброса пароля.",
      [],
    ),
    "reset-password-default": entry(
      "Reset password",
      "Сброс пароля",
      "Sets a new password from the emailed link.",
      "Задаёт новый пароль по ссылке из письма.",
      [],
    ),
    "confirm-email-default": entry(
      "Confirm email",
      "Подтверждение почты",
      "Confirms an email change from the emailed link.",
      "Подтверждает смену почты по ссылке из письма.",
      [],
    ),
    "undo-email-change-default": entry(
      "Undo email change",
      "Отмена смены почты",
      "Puts the previous email back from the emailed link and signs out everywhere.",
      "Возвращает прежнюю почту по ссылке из письма и завершает все сеансы.",
      [],
    ),
    "logout-default": entry("Sign out", "Выход", "Signs the visitor out.", "Выводит посетителя из учётной записи.", []),
    "identity-settings-default": entry(
      "Account settings",
      "Настройки учётной записи",
      "The signed-in member's email and password.",
      "Адрес и пароль вошедшего участника.",
      [],
    ),
    "subject-overview-default": entry(
      "Member profile",
      "Профиль участника",
      "The member the page's address names.",
      "Участник из адреса страницы.",
      [],
    ),
    "subject-list-default": entry(
      "Member list",
      "Список участников",
      "Cards of the site's members.",
      "Карточки участников сайта.",
      [],
    ),
  },
  social: {
    default: moduleText("Text (social)", "Текст (сообщество)"),
    "profile-overview-default": entry(
      "Profile",
      "Профиль",
      "The profile the page's address names.",
      "Профиль из адреса страницы.",
      [],
    ),
    "profile-list-default": entry(
      "Profile list",
      "Список профилей",
      "Cards of the community's profiles.",
      "Карточки профилей сообщества.",
      [],
    ),
  },
  billing: {
    default: moduleText("Text (billing)", "Текст (оплаты)"),
    "dummy-payment-default": entry(
      "Test payment",
      "Тестовая оплата",
      "The test provider's payment page for an invoice.",
      "Страница оплаты счёта тестовым провайдером.",
      [],
    ),
  },
  startup: {
    default: moduleText("Text (startup)", "Текст (стартапа)"),
  },
  notification: {
    default: moduleText("Text (notification)", "Текст (уведомлений)"),
  },
  analytic: {
    default: moduleText("Text (analytics)", "Текст (аналитики)"),
  },
  agent: {
    default: moduleText("Text (agent)", "Текст (агента)"),
  },
};
