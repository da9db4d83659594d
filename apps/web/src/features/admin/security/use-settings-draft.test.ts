import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSettingsDraft } from './use-settings-draft';

interface IpSettings {
  isActive: boolean;
  strategy: 'ALLOW' | 'BLOCK';
}

const render = (initial: IpSettings) =>
  renderHook(
    ({ loaded }: { loaded: IpSettings }) =>
      useSettingsDraft({ loaded, load: () => {}, save: vi.fn(async () => {}) }),
    { initialProps: { loaded: initial } },
  );

describe('useSettingsDraft', () => {
  it('follows what the store loads while the draft is untouched', () => {
    const { result, rerender } = render({ isActive: false, strategy: 'ALLOW' });
    rerender({ loaded: { isActive: true, strategy: 'BLOCK' } });
    expect(result.current.draft).toEqual({ isActive: true, strategy: 'BLOCK' });
  });

  it('keeps an edit when a reload lands after it (the switch turned on stays on)', () => {
    const { result, rerender } = render({ isActive: false, strategy: 'ALLOW' });
    act(() => result.current.setDraft({ isActive: true, strategy: 'BLOCK' }));
    rerender({ loaded: { isActive: false, strategy: 'BLOCK' } });
    expect(result.current.draft).toEqual({ isActive: true, strategy: 'BLOCK' });
    // Once saved, the store holds the draft's values and the draft follows it again.
    rerender({ loaded: { isActive: true, strategy: 'BLOCK' } });
    rerender({ loaded: { isActive: false, strategy: 'ALLOW' } });
    expect(result.current.draft).toEqual({ isActive: false, strategy: 'ALLOW' });
  });
});
