import type { FastifyRequest } from 'fastify';

/** The site's origin as the caller reached it (`https://host`): the public links a server writes (a certificate's check, a session's sign-in QR). */
export const originOf = (request: FastifyRequest): string => `${request.protocol}://${request.host}`;
