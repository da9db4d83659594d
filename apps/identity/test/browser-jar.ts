// Issue 13: one browser's cookies across in-process requests, as a browser keeps them: what the
// answers set (and clear) goes with the next requests. The SSO and social sign-ins are bound to the
// browser that started them (src/auth/federated/browser-binding.ts); a test that finishes a sign-in
// in another jar, or none, plays the attacker's victim.
import type { LightMyRequestResponse } from 'fastify';
import {
  BROWSER_BINDING_COOKIE,
  browserBindingCookieName,
  newBrowserBinding,
  type StoredBrowserBinding,
} from '../src/auth/federated/browser-binding.js';

export class BrowserJar {
  private readonly jar = new Map<string, string>();

  /** Keeps what an answer set and drops what it cleared; answers the response unchanged. */
  take(response: LightMyRequestResponse): LightMyRequestResponse {
    for (const cookie of response.cookies) {
      const expired =
        (cookie.maxAge !== undefined && cookie.maxAge <= 0) ||
        (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
      if (expired || cookie.value === '') this.jar.delete(cookie.name);
      else this.jar.set(cookie.name, cookie.value);
    }
    return response;
  }

  /** For `inject({ cookies })`. */
  get cookies(): Record<string, string> {
    return Object.fromEntries(this.jar);
  }

  /** The sign-in bindings this browser holds (their cookie names). */
  get bindings(): string[] {
    return [...this.jar.keys()].filter((name) => name.startsWith(`${BROWSER_BINDING_COOKIE}-`));
  }

  /**
   * A binding for a sign-in a test starts by calling a service's start() itself, where the server
   * would have set the cookie on the starting answer: the cookie goes into this jar.
   */
  bind(): StoredBrowserBinding {
    const binding = newBrowserBinding();
    this.jar.set(browserBindingCookieName(binding.stored.slot), binding.value);
    return binding.stored;
  }
}
