import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useConfirmation } from './use-confirmation';

describe('useConfirmation', () => {
  it('runs the action on what was asked about, then closes the dialog', async () => {
    const removed: string[] = [];
    const { result } = renderHook(() =>
      useConfirmation(async (id: string) => {
        removed.push(id);
      }),
    );
    expect(result.current.dialog.opened).toBe(false);
    act(() => result.current.ask('group-1'));
    expect(result.current.target).toBe('group-1');
    expect(result.current.dialog.opened).toBe(true);
    await act(async () => result.current.dialog.onConfirm());
    expect(removed).toEqual(['group-1']);
    expect(result.current.target).toBeNull();
    expect(result.current.dialog.opened).toBe(false);
  });

  it("keeps the dialog open with the server's message when the action fails; the next question starts without it", async () => {
    const { result } = renderHook(() =>
      useConfirmation((_id: string) => Promise.reject(new Error('Group not found'))),
    );
    act(() => result.current.ask('group-1'));
    await act(async () => result.current.dialog.onConfirm());
    expect(result.current.target).toBe('group-1');
    expect(result.current.dialog.error).toBe('Group not found');
    expect(result.current.dialog.loading).toBe(false);

    act(() => result.current.dialog.onClose());
    expect(result.current.dialog.opened).toBe(false);
    act(() => result.current.ask('role-2'));
    expect(result.current.target).toBe('role-2');
    expect(result.current.dialog.error).toBeNull();
  });

  // Formerly the Privacy section's own hook: signing out a session, deleting a passkey.
  it('runs the action on the item asked for; when it fails, closing the dialog forgets the message', async () => {
    const removed: string[] = [];
    let fail = true;
    const { result } = renderHook(() =>
      useConfirmation(async (item: string) => {
        if (fail) throw new Error('Session not found');
        removed.push(item);
      }),
    );
    act(() => result.current.ask('passkey-1'));
    await act(async () => result.current.dialog.onConfirm());
    expect(result.current.target).toBe('passkey-1');
    expect(result.current.dialog.error).toBe('Session not found');
    expect(result.current.dialog.loading).toBe(false);
    act(() => result.current.dialog.onClose());
    expect(result.current.target).toBeNull();
    expect(result.current.dialog.error).toBeNull();

    fail = false;
    act(() => result.current.ask('session-2'));
    await act(async () => result.current.dialog.onConfirm());
    expect(removed).toEqual(['session-2']);
    expect(result.current.target).toBeNull();
  });

  // The phone-number delete: a verified number asks next for the code texted to it.
  it('stays open on a follow-up question the action asks, and confirms it with the code typed in the dialog', async () => {
    const calls: string[] = [];
    const { result } = renderHook(() => {
      const confirmation = useConfirmation(async (asked: { id: string; code?: string }) => {
        calls.push(asked.code ?? 'asked');
        if (asked.code === undefined) confirmation.ask({ id: asked.id, code: '' });
      });
      return confirmation;
    });
    act(() => result.current.ask({ id: 'phone-1' }));
    await act(async () => result.current.dialog.onConfirm());
    expect(result.current.target).toEqual({ id: 'phone-1', code: '' });
    expect(result.current.dialog.opened).toBe(true);

    await act(async () => result.current.confirm({ id: 'phone-1', code: '123456' }));
    expect(calls).toEqual(['asked', '123456']);
    expect(result.current.dialog.opened).toBe(false);
  });
});
