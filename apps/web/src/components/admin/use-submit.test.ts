import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSubmit } from './use-submit';

const refusal = (message: string, errorCode?: string) => Object.assign(new Error(message), { errorCode });
const fieldOf = { 'ER-GROUPS-NAME-TAKEN': 'name' } as const;

describe('useSubmit', () => {
  it("puts a failure whose errorCode names a field on that field, not in the form's alert", async () => {
    const { result } = renderHook(() =>
      useSubmit(
        () => Promise.reject(refusal('A group with this name already exists', 'ER-GROUPS-NAME-TAKEN')),
        fieldOf,
      ),
    );
    await act(async () => {
      expect(await result.current.run(undefined)).toBe(false);
    });
    expect(result.current.fieldErrors).toEqual({ name: 'A group with this name already exists' });
    expect(result.current.error).toBeNull();
    expect(result.current.errorCode).toBe('ER-GROUPS-NAME-TAKEN');
  });

  it("shows any other failure in the form's alert, and forgets it when the next run succeeds", async () => {
    let fail = true;
    const { result } = renderHook(() =>
      useSubmit(async () => {
        if (fail) throw refusal('Not authorized', 'ER-LIFECYCLE-FORBIDDEN');
      }, fieldOf),
    );
    await act(async () => void (await result.current.run(undefined)));
    expect(result.current.error).toBe('Not authorized');
    expect(result.current.fieldErrors).toEqual({});
    fail = false;
    await act(async () => void (await result.current.run(undefined)));
    expect(result.current.error).toBeNull();
    expect(result.current.errorCode).toBeNull();
    expect(result.current.done).toBe(true);
  });

  it('forgets the last failure and success on clear, as a form whose own checks stop the next run', async () => {
    const { result } = renderHook(() =>
      useSubmit(async () => {
        throw refusal('Not authorized', 'ER-LIFECYCLE-FORBIDDEN');
      }, fieldOf),
    );
    await act(async () => void (await result.current.run(undefined)));
    expect(result.current.error).toBe('Not authorized');
    act(() => result.current.clear());
    expect(result.current.error).toBeNull();
    expect(result.current.errorCode).toBeNull();
    expect(result.current.done).toBe(false);
  });
});
