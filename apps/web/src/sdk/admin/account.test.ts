import { describe, expect, it } from 'vitest';
import { accountSettingsUpdate, loginBoxChanges, loginBoxOf } from './account';

describe('account settings update (walk-through: a new account could not save its timezone)', () => {
  const fresh = {
    name: 'Foodco',
    address: '',
    website: '',
    timezone: '',
    dateFormat: '',
    timeFormat: '',
    currency: '',
    logo: '',
  };

  it('sends only the changed timezone, not the unset currency', () => {
    expect(accountSettingsUpdate(fresh, { ...fresh, timezone: 'Europe/Paris' })).toEqual({
      timezone: 'Europe/Paris',
    });
  });

  it('sends a cleared field as null and nothing when nothing changed', () => {
    const set = { ...fresh, currency: 'EUR', address: '1 Main St' };
    expect(accountSettingsUpdate(set, { ...set, currency: '', address: ' 1 Main St ' })).toEqual({
      currency: null,
    });
    expect(accountSettingsUpdate(fresh, fresh)).toEqual({});
  });
});

describe('the custom login box (CustomLoginState.tenantMetadata)', () => {
  it('reads the stored login box, with defaults', () => {
    expect(loginBoxOf(undefined)).toEqual({ logo: '', primaryColor: '', socialLoginsPlacement: 'bottom' });
    expect(
      loginBoxOf({
        loginBox: {
          logo: { image: 'data:image/png;base64,AA==' },
          palette: { primary: { main: '#2f9e44' } },
          socialLogins: { socialLoginsLayout: { placement: 'bottom' } },
        },
      }),
    ).toEqual({
      logo: 'data:image/png;base64,AA==',
      primaryColor: '#2f9e44',
      socialLoginsPlacement: 'bottom',
    });
  });

  it('sends only what changed, so the store makes one action per changed setting', () => {
    const current = { logo: '', primaryColor: '#000000', socialLoginsPlacement: 'top' as const };
    expect(loginBoxChanges(current, current)).toEqual({});
    expect(loginBoxChanges(current, { ...current, primaryColor: '#2f9e44' })).toEqual({
      loginBox: { palette: { primary: { main: '#2f9e44' } } },
    });
    expect(loginBoxChanges(current, { ...current, socialLoginsPlacement: 'bottom' })).toEqual({
      loginBox: { socialLogins: { socialLoginsLayout: { placement: 'bottom' } } },
    });
  });
});
