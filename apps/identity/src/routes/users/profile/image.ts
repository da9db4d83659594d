import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../../config.js';
import { appError, errorCatalogue } from '../../../errors.js';
import type { RouteOptions } from '../../../services/index.js';
import { checkProfileImage, PROFILE_IMAGE_MAX_BYTES } from '../../../services/profile/image.js';
import { parseMultipartFiles } from './multipart.js';
import { areaRoutes } from '../../route.js';

export const PROFILE_IMAGES_PREFIX = '/frontegg/team/resources/profile';

/** Absolute: the SDK reads the upload's answer with `new URL(...)`. */
export const profileImageUrl =
  (config: Config, request: FastifyRequest) =>
  (imageId: string): string => {
    const origin = config.publicUrlConfigured ? config.publicUrl : `${request.protocol}://${request.host}`;
    return `${origin}${PROFILE_IMAGES_PREFIX}/images/${imageId}`;
  };

/** /team/resources/profile: the profile picture upload (the SDK's updateProfileImage) and the pictures themselves. */
export const profileImageRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { config, services }) => {
  const route = areaRoutes(app, services, 'users');
  // Encapsulated in this plugin: the rest of the API stays JSON only.
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: PROFILE_IMAGE_MAX_BYTES + 64 * 1024 },
    (_request, body, done) => done(null, body),
  );

  route({
    name: 'profileImageReplaceMeImageV1',
    method: 'PUT',
    url: '/me/image/v1',
    tag: 'profile',
    summary:
      'Upload the signed-in user’s picture (multipart field `image`: PNG, JPEG, GIF or WebP, at most 512 KB); answers its address as text',
    access: 'member',
    response: z.string(),
    handler: async ({ actor, request, reply }) => {
      if (!Buffer.isBuffer(request.body)) throw appError(errorCatalogue.profile.invalidImage);
      const file = parseMultipartFiles(request.body, request.headers['content-type']).find(
        (part) => part.name === 'image',
      );
      if (!file) throw appError(errorCatalogue.profile.invalidImage);
      const image = checkProfileImage(file.contentType, file.data);
      const url = await services.profile.uploadImage(actor, image, profileImageUrl(config, request));
      // Returned, not sent: the route definition sends the answer (sending here too logged a second reply).
      reply.type('text/plain; charset=utf-8');
      return url;
    },
  });

  route({
    name: 'profileImageGetImage',
    method: 'GET',
    url: '/images/:imageId',
    tag: 'profile',
    summary: 'A profile picture (public: its address is unguessable)',
    access: 'public',
    params: z.object({ imageId: z.uuid({ error: 'imageId must be a valid id' }) }),
    produces: 'other',
    handler: async ({ params, reply }) => {
      const image = await services.profile.image(params.imageId);
      return reply
        .type(image.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'")
        .send(image.bytes);
    },
  });
};
