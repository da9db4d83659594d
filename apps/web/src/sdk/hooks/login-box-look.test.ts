import { renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LOOK, useLoginBoxLook } from './login-box-look';

const sdk = vi.hoisted(() => ({ get: vi.fn(), previewMode: false }));
vi.mock('@frontegg/rest-api', () => ({ fetch: { get: sdk.get } }));
vi.mock('@frontegg/react-hooks', () => ({ useRootState: () => ({ previewMode: sdk.previewMode }) }));

const TENANT = '7f1c2d9e-0000-4000-8000-000000000001';
const LOGO = 'data:image/png;base64,iVBORw0KGgo=';

beforeEach(() => {
  sdk.get.mockReset();
  sdk.previewMode = false;
});

describe("the login box look of an account's login address", () => {
  it('is the product look at once without a tenantId, or in preview mode, and asks nothing', () => {
    expect(renderHook(() => useLoginBoxLook(null)).result.current).toEqual(DEFAULT_LOOK);
    sdk.previewMode = true;
    expect(renderHook(() => useLoginBoxLook(TENANT)).result.current).toEqual(DEFAULT_LOOK);
    expect(sdk.get).not.toHaveBeenCalled();
  });

  it("loads the account's logo, colour and placement for the tenantId", async () => {
    sdk.get.mockResolvedValue({ logo: LOGO, primaryColor: '#7048e8', socialLoginsPlacement: 'top' });
    const { result } = renderHook(() => useLoginBoxLook(TENANT));
    expect(result.current).toBeUndefined();
    await waitFor(() =>
      expect(result.current).toEqual({ logo: LOGO, primaryColor: '#7048e8', placement: 'top' }),
    );
    expect(sdk.get).toHaveBeenCalledWith('/metadata/admin-box/public', { tenantId: TENANT });
  });

  it('keeps the product look for what is not customised, not an image, or not answered', async () => {
    sdk.get.mockResolvedValueOnce({ logo: 'https://tracker.test/pixel.png', primaryColor: null });
    const partial = renderHook(() => useLoginBoxLook(TENANT)).result;
    await waitFor(() => expect(partial.current).toEqual({ placement: 'bottom' }));

    // A malformed tenantId (400) or an unreachable server: the product look, and the form shows.
    sdk.get.mockRejectedValueOnce(new Error('tenantId must be a valid id'));
    const failed = renderHook(() => useLoginBoxLook('nope')).result;
    await waitFor(() => expect(failed.current).toEqual(DEFAULT_LOOK));
  });
});
