import { renderToString } from "react-dom/server";
import type { ReactNode } from "react";
import { describe, expect, test } from "vitest";
import type { Language } from "../../common/site/page-data.js";
import { IdentitySettingsDefault } from "../../web/site/modules/rbac/identity-settings-default.js";
import { findVariant, siteVariants } from "../../web/site/variants.js";
import { RegistrationDefault } from "../../web/site/modules/rbac/registration-default.js";
import { SelectMethodDefault } from "../../web/site/modules/rbac/select-method-default.js";
import { rbacStrings } from "../../web/site/modules/rbac/strings.js";
import { accountMenu, UserMenu } from "../../web/site/modules/rbac/user-menu.js";

// The account menu is imported on first use in the browser; here it is rendered synchronously.
await accountMenu.preload();
import { WalletLogin } from "../../web/site/modules/rbac/wallet/wallet-login.js";
import { navbarExtras } from "../../web/site/navbar-extras.js";
import { SiteProviders } from "../../web/site/render/site-app.js";
import { SessionStore } from "../../web/site/session/session-store.js";
import type { SessionState, Subject } from "../../web/site/session/types.js";
import { SessionProvider } from "../../web/site/session/use-session.js";
import { en, PageBuilder, textOf } from "./fixtures.js";

const subject: Subject = {
  id: "0b6f5d1e-1111-4c1c-9a6e-000000000001",
  slug: "ann",
  identities: [
    { id: "0b6f5d1e-2222-4c1c-9a6e-000000000002", provider: "email_and_password", email: "ann@example.com" },
    {
      id: "0b6f5d1e-3333-4c1c-9a6e-000000000003",
      provider: "ethereum_virtual_machine",
      account: "0x1234567890abcdef1234567890abcdef12345678",
    },
  ],
  roles: [{ id: "r1", uid: "user", title: "User" }],
};

/** A store frozen in one state: what the server (and hydration) render when given it. */
const frozen = (state: SessionState) =>
  new SessionStore(
    {
      storage: { getItem: () => null, setItem: () => {}, removeItem: () => {} },
      call: async () => {
        throw new Error("no calls in a render");
      },
      navigate: () => {},
      home: () => "/",
      now: () => 0,
      notify: () => {},
    },
    state,
  );

/** Server-renders `node` inside the site's providers for a page in `language`, with the session in `state`. */
function render(node: ReactNode, language: Language, state: SessionState, page = new PageBuilder({ language })) {
  const html = renderToString(
    <SiteProviders data={page.data} variants={siteVariants}>
      <SessionProvider store={frozen(state)}>{node}</SessionProvider>
    </SiteProviders>,
  );
  return { html, text: textOf(html) };
}

const LANGUAGES: Language[] = ["en", "ru"];
const widget = (fields: Record<string, unknown> = {}) => ({
  id: "w1",
  variant: "default",
  title: {},
  subtitle: {},
  description: {},
  ...fields,
});

describe("identity-settings-default", () => {
  test.each(LANGUAGES)(
    "signed in (%s): each identity with its badge, email or address, Edit for email, Delete, and Change password",
    (language) => {
      const t = rbacStrings[language]!;
      const { html, text } = render(<IdentitySettingsDefault record={widget()} />, language, {
        status: "signed-in",
        subject,
      });
      expect(text).toContain(`${t.providerEmail} ann@example.com ${t.edit} ${t.delete}`);
      expect(text).toContain(`${t.providerEvm} 0x1234567890abcdef1234567890abcdef12345678 ${t.delete}`);
      expect(text.match(new RegExp(t.edit, "g"))).toHaveLength(1);
      expect(text).toContain(t.changePasswordButton);
      expect(text).toContain(t.identities);
      expect(html).toContain(`data-identity="${subject.identities[0]!.id}"`);
    },
  );

  test.each(LANGUAGES)("loading (%s): a skeleton, nothing of anyone's account", (language) => {
    const { html, text } = render(
      <IdentitySettingsDefault record={widget({ title: en("Your account", "Ваш аккаунт") })} />,
      language,
      { status: "loading" },
    );
    expect(html).toContain("mantine-Skeleton-root");
    expect(text).toContain(language === "ru" ? "Ваш аккаунт" : "Your account");
    expect(text).not.toContain(rbacStrings[language]!.changePasswordButton);
  });

  test.each(LANGUAGES)("signed out (%s): asks to sign in", (language) => {
    const t = rbacStrings[language]!;
    const { html, text } = render(<IdentitySettingsDefault record={widget()} />, language, { status: "signed-out" });
    expect(text).toContain(`${t.signInToManage} ${t.signIn}`);
    expect(html).toContain(
      `href="${language === "ru" ? "/ru" : ""}/rbac/subject/authentication/select-method?reason=account"`,
    );
  });

  test("a subject without identities is told so and has no password to change", () => {
    const { text } = render(<IdentitySettingsDefault record={widget()} />, "en", {
      status: "signed-in",
      subject: { ...subject, identities: [] },
    });
    expect(text).toContain(rbacStrings.en.noIdentities);
    expect(text).not.toContain(rbacStrings.en.changePasswordButton);
  });
});

// The identity variants of rbac/identities; a subject with a password shows it with each change.
describe("identity variants create-by-email and form-field-default", () => {
  const CreateByEmail = findVariant("rbac/identities", "create-by-email")!;
  const FormField = findVariant("rbac/identities", "form-field-default")!;
  const walletOnly: Subject = { ...subject, identities: [subject.identities[1]!] };
  const labels = (html: string) => [...html.matchAll(/<label[^>]*>([^<]+)/g)].map((m) => m[1]);

  test.each(LANGUAGES)("form-field-default (%s): the email, the current password and Submit", (language) => {
    const t = rbacStrings[language]!;
    const { html, text } = render(<FormField record={subject.identities[0]!} />, language, {
      status: "signed-in",
      subject,
    });
    expect(labels(html)).toEqual([t.email, t.currentPassword]);
    expect(html).toContain('value="ann@example.com"');
    expect(text).toContain(t.submit);
  });

  test.each(LANGUAGES)("create-by-email (%s): email, password, the current password and Submit", (language) => {
    const t = rbacStrings[language]!;
    const { html, text } = render(<CreateByEmail record={widget({ variant: "create-by-email" })} />, language, {
      status: "signed-in",
      subject,
    });
    expect(labels(html)).toEqual([t.email, t.password, t.currentPassword]);
    expect(text).toContain(t.submit);
  });

  test("a wallet-only subject has no password to give: the forms do not ask for one", () => {
    expect(
      labels(render(<CreateByEmail record={widget()} />, "en", { status: "signed-in", subject: walletOnly }).html),
    ).toEqual(["Email", "Password"]);
  });

  test("signed out, neither renders anything", () => {
    expect(render(<CreateByEmail record={widget()} />, "en", { status: "signed-out" }).text).toBe("");
    expect(render(<FormField record={subject.identities[0]!} />, "en", { status: "signed-out" }).text).toBe("");
  });
});

describe("user menu", () => {
  test("is the navbar's registered extra", () => {
    expect(navbarExtras.map((extra) => extra.component)).toContain(UserMenu);
  });

  test.each(LANGUAGES)(
    "(%s) loading: a skeleton; signed out: a Sign in link; signed in: the account's email",
    (language) => {
      const t = rbacStrings[language]!;
      expect(render(<UserMenu />, language, { status: "loading" }).html).toContain("mantine-Skeleton-root");
      const signedOut = render(<UserMenu />, language, { status: "signed-out" });
      expect(signedOut.text).toBe(t.signIn);
      expect(signedOut.html).toContain(
        `href="${language === "ru" ? "/ru" : ""}/rbac/subject/authentication/select-method"`,
      );
      const signedIn = render(<UserMenu />, language, { status: "signed-in", subject });
      expect(signedIn.text).toBe("ann@example.com");
      expect(signedIn.html).toContain(`aria-label="${t.userMenu}"`);
    },
  );

  test("a wallet-only subject is named by its short address", () => {
    const wallet = { ...subject, identities: [subject.identities[1]!] };
    expect(render(<UserMenu />, "en", { status: "signed-in", subject: wallet }).text).toBe("0x1234…5678");
  });
});

describe("select-method-default with a session", () => {
  test.each(LANGUAGES)("(%s) a subject with identities is told who they are, with Settings and Logout", (language) => {
    const t = rbacStrings[language]!;
    const { text } = render(<SelectMethodDefault record={widget()} />, language, { status: "signed-in", subject });
    expect(text).toContain(`${t.signedInAs} ann@example.com ${t.settings} ${t.logout}`);
    expect(text).not.toContain(t.forgotPassword);
  });

  test.each(LANGUAGES)("(%s) a signed-in subject with no identities gets the method choice and Login", (language) => {
    const t = rbacStrings[language]!;
    const { text } = render(<SelectMethodDefault record={widget()} />, language, {
      status: "signed-in",
      subject: { ...subject, identities: [] },
    });
    for (const expected of [t.chooseMethod, t.login, t.orContinueWith, t.methodEmail, t.methodEvm])
      expect(text).toContain(expected);
  });
});

describe("registration-default with a session", () => {
  test.each(LANGUAGES)(
    "(%s) a subject with identities is told who they are instead of a second sign-up",
    (language) => {
      const t = rbacStrings[language]!;
      const { text } = render(<RegistrationDefault record={widget()} />, language, { status: "signed-in", subject });
      expect(text).toContain(`${t.signedInAs} ann@example.com`);
      expect(text).not.toContain(t.createAccount);
    },
  );

  test("a subject without identities may complete its account", () => {
    const { text } = render(<RegistrationDefault record={widget()} />, "en", {
      status: "signed-in",
      subject: { ...subject, identities: [] },
    });
    expect(text).toContain(rbacStrings.en.createAccount);
  });
});

describe("wallet login", () => {
  test.each(LANGUAGES)("(%s) before the browser is checked: 'Connect Wallet' and Login, both waiting", (language) => {
    const t = rbacStrings[language]!;
    const { html, text } = render(<WalletLogin />, language, { status: "signed-out" });
    expect(text).toBe(`${t.connectWallet} ${t.login}`);
    expect(html.match(/<button[^>]*disabled=""/g)).toHaveLength(2);
  });
});
