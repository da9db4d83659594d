import { describe, expect, it } from 'vitest';
import { adminSectionPages } from './admin-section-pages';
import { adminSectionRoutes, adminSections } from './admin-sections';

describe("the admin sections' pages", () => {
  it('has a page for every section of the table, and no other', () => {
    expect(Object.keys(adminSectionPages).sort()).toEqual(adminSections.map((section) => section.key).sort());
  });

  // Importing every section's module (transformed on first import) takes seconds on a busy machine.
  it("each section's route loads its page through the lazy pages module", { timeout: 60_000 }, async () => {
    for (const [index, route] of adminSectionRoutes.entries()) {
      if (typeof route.lazy !== 'function') throw new Error(`${route.path} has no lazy loader`);
      const loaded = await route.lazy();
      const expected = await adminSectionPages[adminSections[index]!.key as keyof typeof adminSectionPages]();
      expect(loaded.Component, route.path).toBe(expected);
    }
  });
});
