import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useConfirmedAction } from './use-confirmed-action';

describe('useConfirmedAction', () => {
  it('runs the action on the item asked for, then closes', async () => {
    const { result } = renderHook(() => useConfirmedAction<string>());
    const removed: string[] = [];
    act(() => result.current.ask('session-2'));
    expect(result.current.target).toBe('session-2');
    await act(() =>
      result.current.confirm(async (item) => {
        removed.push(item);
      }),
    );
    expect(removed).toEqual(['session-2']);
    expect(result.current.target).toBeNull();
  });

  it('keeps the dialog open with the server’s message when the action fails; cancel clears it', async () => {
    const { result } = renderHook(() => useConfirmedAction<string>());
    act(() => result.current.ask('passkey-1'));
    await act(() => result.current.confirm(() => Promise.reject(new Error('Session not found'))));
    expect(result.current.target).toBe('passkey-1');
    expect(result.current.error).toBe('Session not found');
    expect(result.current.busy).toBe(false);
    act(() => result.current.cancel());
    expect(result.current.target).toBeNull();
    expect(result.current.error).toBeNull();
  });
});
