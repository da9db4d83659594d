import type { MfaStrategy } from '@brizo/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteOptions } from '../services/index.js';

/**
 * A group of endpoints and where it is served, under /frontegg/identity/resources (SPEC section 7):
 * `/auth` for signing in, `/users` for what a signed-in user changes of their own account.
 */
export interface RouteModule {
  prefix: string;
  routes: FastifyPluginAsyncZod<RouteOptions>;
}

/** A way to prove who someone is, as the login box and the admin portal name it (SPEC sections 4 and 9). */
interface Method {
  key: string;
  /** Its endpoints, each declared with the one route definition (routes/route.ts). */
  routes: readonly RouteModule[];
}

/** A first factor signs a person in on its own (or on to the second factor their account needs). */
export interface FirstFactorMethod extends Method {
  factor: 'first';
  /** The vendor's main or secondary auth strategies (SPEC section 9) that switch it on. */
  strategies: readonly string[];
}

/** A second factor follows a first one, or confirms a signed-in person again (step-up). */
export interface SecondFactorMethod extends Method {
  factor: 'second';
  /**
   * The MFA strategies (SPEC section 9) it brings: the ones a user without any factor may enroll
   * when the tenant forces MFA. A recovery code brings none: it comes with the first enrollment.
   */
  mfaStrategies: readonly MfaStrategy[];
}

export type SignInMethod = FirstFactorMethod | SecondFactorMethod;
