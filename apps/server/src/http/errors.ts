import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ORG_NOT_FOUND } from '@huodong/domain';

/** A failure the client caused or may see: status carries the class, message is shown to the user. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, data: unknown = null) => new HttpError(422, message, data);
export const unauthorized = (message = '登录已失效，请重新登录') => new HttpError(401, message);
export const forbidden = (message = '您没有权限执行此操作') => new HttpError(403, message);
export const notFound = (message = '数据不存在或已被删除') => new HttpError(404, message);
export const orgNotFound = () => new HttpError(404, ORG_NOT_FOUND);

interface FieldError {
  field: string;
  message: string;
}

/** Zod issues → `{field, message}` with the field named in the message. */
function fieldErrors(issues: { path?: PropertyKey[]; instancePath?: string; message: string; params?: { issue?: { path?: PropertyKey[] } } }[]): FieldError[] {
  return issues.map((issue) => {
    const path = issue.params?.issue?.path ?? issue.path ?? [];
    const field = path.map(String).join('.') || String(issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    return { field, message: issue.message };
  });
}

/** Build the 422 body for a list of field errors: message names the first field. */
export function validationError(errors: FieldError[]): HttpError {
  const first = errors[0];
  const message = first ? (first.field ? `${first.field}: ${first.message}` : first.message) : '请求参数错误';
  return new HttpError(422, message, { errors });
}

/** One envelope and one error catalogue for every route. */
export function registerEnvelope(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (reply.statusCode >= 400 || request.routeOptions.config?.rawBody) return payload;
    return { code: 200, message: 'success', data: payload ?? null };
  });

  app.setErrorHandler((err: FastifyError | HttpError, request, reply) => {
    let e: HttpError;
    if (err instanceof HttpError) e = err;
    else if (hasZodFastifySchemaValidationErrors(err)) {
      e = validationError(fieldErrors(err.validation as never));
    } else if ((err as FastifyError).validation) {
      e = validationError(fieldErrors((err as FastifyError).validation as never));
    } else if ((err as FastifyError).statusCode === 413) {
      e = new HttpError(413, '请求内容过大');
    } else if ((err as FastifyError).statusCode && (err as FastifyError).statusCode! < 500) {
      const status = (err as FastifyError).statusCode!;
      e = new HttpError(status, status === 404 ? '页面不存在' : status === 415 ? '不支持的内容类型' : '请求格式错误');
    } else {
      request.log.error({ err }, 'unhandled error');
      e = new HttpError(500, '服务器内部错误，请稍后重试');
    }
    void reply.status(e.status).send({ code: e.status, message: e.message, data: e.data });
  });

  app.setNotFoundHandler((request, reply) => {
    void reply.status(404).send({ code: 404, message: '页面不存在', data: null });
  });
}
