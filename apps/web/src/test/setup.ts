import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Without vitest globals, Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

// Component tests should render inside `<MantineProvider env="test">`: it turns off the
// transitions and portals that otherwise keep dropdowns and modals out of reach.

// jsdom lacks these browser APIs that Mantine calls. Guarded so a test file may opt into
// `// @vitest-environment node`.
if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    window.matchMedia = (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    });
  }

  if (!window.ResizeObserver) {
    window.ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }

  // Mantine's Combobox scrolls the selected option into view.
  if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
}
