import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { PostedForm } from './oidc-provider.js';

/**
 * A provider's page posting its form to our server (response_mode=form_post), as a browser does from
 * that page's `origin`: cross-site, so no cookie of ours goes with it.
 */
export const postForm = (
  app: FastifyInstance,
  form: PostedForm,
  origin: string,
): Promise<LightMyRequestResponse> =>
  app.inject({
    method: 'POST',
    url: `${form.action.pathname}${form.action.search}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    payload: form.fields.toString(),
  });
