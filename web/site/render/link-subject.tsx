/**
 * The name of what a "More" / "Read more" link opens, for those who do not see the card around
 * it (screen readers listing links, search engines: Lighthouse's link-text audit reads the
 * link's text); drawn nowhere.
 */
export function LinkSubject({ children }: { children?: string }) {
  return children ? <span className="s-visually-hidden">: {children}</span> : null;
}
