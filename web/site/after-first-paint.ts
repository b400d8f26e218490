/**
 * Resolves once the browser has painted the page's content: when Paint Timing reports the first
 * contentful paint (the frame presented, which comes a little after the animation frame that drew
 * it). A browser without Paint Timing waits for a task after the next animation frame; a hidden
 * tab draws no frames, so there the wait ends at once; and the wait never outlasts LONGEST_WAIT_MS
 * (a page with nothing contentful to paint still hydrates).
 */
const LONGEST_WAIT_MS = 1000;

export function afterFirstPaint(): Promise<void> {
  if (document.visibilityState === "hidden") return Promise.resolve();
  const contentful = () => performance.getEntriesByName("first-contentful-paint").length > 0;
  if (contentful()) return Promise.resolve();
  return new Promise((resolve) => {
    if (!PerformanceObserver.supportedEntryTypes?.includes("paint")) {
      requestAnimationFrame(() => setTimeout(resolve, 0));
      return;
    }
    const observer = new PerformanceObserver(() => {
      if (contentful()) done();
    });
    const timer = setTimeout(() => done(), LONGEST_WAIT_MS);
    function done() {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    }
    observer.observe({ type: "paint", buffered: true });
  });
}
