import { lazy, type ComponentType } from "react";

/**
 * A component whose code is imported on first use (a menu's dropdown, a drawer: things a page
 * shows only after a click or a sign-in), so it is not in the bundle every page loads. Once
 * imported it renders synchronously; before, it suspends (the caller puts a <Suspense> around
 * it). `preload()` imports it ahead (tests rendering with renderToString).
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  const preload = async () => (loaded ??= await load());
  const Lazy = lazy(async () => ({ default: await preload() }));
  function Component(props: P) {
    const Loaded = loaded ?? Lazy;
    return <Loaded {...props} />;
  }
  return { Component, preload };
}
