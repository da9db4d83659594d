import { webPaths } from '@brizo/contract';
import type { Config } from '../config.js';

// The web app's routes that mailed links point to (SPEC section 2).

const withQuery = (base: string, path: string, query: Record<string, string>) =>
  `${base}${path}?${new URLSearchParams(query).toString()}`;

export const activationUrl = (config: Config, userId: string, token: string) =>
  withQuery(config.publicUrl, webPaths.activate, { userId, token });

/** Activation by code: the page where the mailed code is typed (SPEC section 2, activateWithOTCUrl). */
export const activationCodeUrl = (config: Config, userId: string, token: string) =>
  withQuery(config.publicUrl, webPaths.activateWithCode, { userId, token });

export const resetPasswordUrl = (config: Config, userId: string, token: string) =>
  withQuery(config.publicUrl, webPaths.resetPassword, { userId, token });

export const loginUrl = (config: Config) => `${config.publicUrl}${webPaths.login}`;
export const forgotPasswordUrl = (config: Config) => `${config.publicUrl}${webPaths.forgotPassword}`;

/** Issue 10: the link mailed to the old address after an email change, which undoes it. */
export const revertEmailUrl = (config: Config, token: string) =>
  withQuery(config.publicUrl, webPaths.revertEmail, { token });
