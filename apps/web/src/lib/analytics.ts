import { createDataLayerSink, createMemorySink, isValidContainerId, type AnalyticsSink } from '../product';

declare global {
  interface Window {
    dataLayer?: unknown[];
    /** The active analytics sink, exposed so browser tests can read what was sent. */
    __brizoAnalytics?: AnalyticsSink;
  }
}

let sink: AnalyticsSink | null = null;

/** Loads the tag manager for a valid container id (its standard snippet, minus inline script). */
function loadTagManager(containerId: string): void {
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(containerId)}`;
  document.head.appendChild(script);
}

/**
 * The app's one analytics sink: the GTM data layer when the configured container id is
 * valid, else an in-memory recorder (analytics off, but tests can still see what would go).
 */
export function getAnalyticsSink(containerId: string | undefined): AnalyticsSink {
  if (!sink) {
    if (isValidContainerId(containerId)) {
      loadTagManager(containerId as string);
      sink = createDataLayerSink(window);
    } else {
      sink = createMemorySink();
    }
    window.__brizoAnalytics = sink;
  }
  return sink;
}
