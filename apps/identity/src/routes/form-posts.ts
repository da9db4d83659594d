import type { FastifyInstance } from 'fastify';

/**
 * Issue 13: the few endpoints an identity provider's page posts a form to (the SAML assertion consumer,
 * Sign in with Apple's form_post) read `application/x-www-form-urlencoded` within `bodyLimit` bytes, as
 * a flat object of its fields (the last of a repeated field wins). Registered in their plugin only:
 * the rest of the API reads JSON.
 */
export function acceptFormPosts(app: FastifyInstance, bodyLimit: number): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit },
    (_request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      done(null, Object.fromEntries(new URLSearchParams(text)));
    },
  );
}
