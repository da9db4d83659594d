import fs from 'node:fs';
import path from 'node:path';
import { eventPayloadSchema } from '@brizo/contract/entities/connectivity';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../config.js';
import { createEventCatalogue, eventPayloadJsonSchema } from './catalogue.js';

/** Every `.ts` file under a folder, tests left out. */
function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The audit action texts written in the server's sources (`action: '...'`, on one line or two). */
function actionLiterals(): Array<{ file: string; action: string }> {
  const pattern = /\baction:\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/g;
  return sourceFiles(path.join(packageRoot, 'src')).flatMap((file) =>
    [...fs.readFileSync(file, 'utf8').matchAll(pattern)].map((match) => ({
      file: path.relative(packageRoot, file),
      action: (match[2] ?? '').replace(/\\(.)/g, '$1'),
    })),
  );
}

describe('the event catalogue (issue 14)', () => {
  const catalogue = createEventCatalogue();

  it('has an event for every audit action the server writes', () => {
    const literals = actionLiterals();
    // The scan itself must see the tables (a broken pattern would pass everything).
    expect(literals.length).toBeGreaterThan(150);
    const missing = literals.filter(({ action }) => !catalogue.byAction(action));
    expect(missing).toEqual([]);
  });

  it('names each event <category>.<name>, once, in a category the portal lists', () => {
    const categories = catalogue.categories('vendor');
    const listed = categories.flatMap((category) => category.events.map((event) => event.key));
    expect(listed.sort()).toEqual(catalogue.entries.map((entry) => entry.key).sort());
    for (const entry of catalogue.entries) {
      expect(entry.key).toMatch(/^[a-zA-Z]+\.[a-zA-Z]+$/);
      expect(entry.key.startsWith(`${entry.category}.`)).toBe(true);
    }
  });

  it('files events where an administrator looks for them', () => {
    const categoryOf = (action: string) => catalogue.byAction(action)?.key;
    expect(categoryOf('User logged in')).toBe('auth.loginSucceeded');
    expect(categoryOf('User invited')).toBe('users.userInvited');
    expect(categoryOf('User logged in with MFA')).toBe('mfa.mfaSucceeded');
    expect(categoryOf('Session policy updated')).toBe('security.sessionPolicyUpdated');
    expect(categoryOf('Role created')).toBe('roles.roleCreated');
    expect(categoryOf('Group created')).toBe('groups.groupCreated');
    expect(categoryOf('API token created')).toBe('apiTokens.apiTokenCreated');
    expect(categoryOf('SSO configuration created')).toBe('sso.ssoConfigurationCreated');
    expect(categoryOf('User provisioned by SCIM')).toBe('scim.scimUserProvisioned');
    expect(categoryOf('Account settings updated')).toBe('tenants.accountSettingsUpdated');
    expect(categoryOf('Passwordless sign-in code sent')).toBe('auth.passwordlessCodeSent');
    expect(categoryOf('Webhook delivery failed')).toBe('connectivity.webhookDeliveryFailed');
  });

  it('describes the payload every delivery carries as JSON Schema', () => {
    const schema = eventPayloadJsonSchema();
    expect(schema).toMatchObject({ type: 'object' });
    expect(Object.keys((schema as { properties: object }).properties).sort()).toEqual(
      Object.keys(eventPayloadSchema.shape).sort(),
    );
  });
});
