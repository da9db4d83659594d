import { describe, expect, it } from 'vitest';
import { productPaths } from '../product';
import { authRoutes, paths } from './paths';

describe('paths', () => {
  it('names the product pages exactly as the product rules do', () => {
    expect(paths).toMatchObject(productPaths);
  });

  it('gives the store our own routes for the pages we serve', () => {
    expect(authRoutes).toMatchObject({
      authenticatedUrl: '/',
      loginUrl: '/account/login',
      logoutUrl: '/account/logout',
      signUpUrl: '/account/sign-up',
      activateUrl: '/account/activate',
      forgetPasswordUrl: '/account/forget-password',
      resetPasswordUrl: '/account/reset-password',
    });
  });
});
