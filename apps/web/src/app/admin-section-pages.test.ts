import { describe, expect, it } from 'vitest';
import { adminSectionPages } from './admin-section-pages';
import { adminSections, loadAdminSectionPage } from './admin-sections';

describe("the admin sections' pages", () => {
  it('has a page for every section of the table, and no other', () => {
    expect(Object.keys(adminSectionPages).sort()).toEqual(adminSections.map((section) => section.key).sort());
  });

  // Importing every section's module (transformed on first import) takes seconds on a busy machine.
  it("each section's route loads its page through the lazy pages module", { timeout: 60_000 }, async () => {
    for (const { key } of adminSections) {
      const section = key as keyof typeof adminSectionPages;
      expect(await loadAdminSectionPage(section), key).toBe(await adminSectionPages[section]());
    }
  });
});
