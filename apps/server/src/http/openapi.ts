import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ORG_NOT_FOUND } from '@huodong/domain';
import type { Access as RouteAccess } from '../types.js';
import { DATABASE_UNAVAILABLE } from './errors.js';

/**
 * The API described from the same zod schemas that validate it: `GET /v1/openapi.json` (OpenAPI
 * 3.1, made by @fastify/swagger from every registered route) and `GET /v1/docs`, a reference page
 * for integrators. Each call carries its access (`x-access` and its security), the errors it can
 * answer (in the one envelope `{code, message, data}`) and an example of its body.
 */

/** Who may call a route: the `config.access` the access hook enforces (auth/access.ts). */
export const ACCESS_TEXT: Record<RouteAccess, string> = {
  public: '公开（无需登录）',
  publicOrg: '公开（机构须存在且未停用）',
  authenticated: '任一管理员（平台或机构）',
  super: '平台超级管理员',
  org: '本机构管理员（平台超级管理员亦可）',
  reader: '本机构读者（读者令牌）',
  expert: '本机构评审专家（专家令牌）',
};

const envelope = (description: string, example: string, code: number) => ({
  description,
  content: {
    'application/json': {
      schema: {
        type: 'object',
        properties: { code: { type: 'integer', const: code }, message: { type: 'string' }, data: {} },
        required: ['code', 'message', 'data'],
      },
      example: { code, message: example, data: null },
    },
  },
});

/** The errors a route can answer, from its access and its path: what every integrator must handle. */
export function errorResponses(access: RouteAccess, url: string, hasInput: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (hasInput) out['422'] = envelope('参数校验失败：message 以中文字段名说明哪个字段、为何不对', '标题不能为空', 422);
  if (access !== 'public' && access !== 'publicOrg') {
    out['401'] = envelope('未登录或登录已失效', '登录已失效，请重新登录', 401);
    out['403'] = envelope('无权访问：另一机构的令牌、不匹配的身份，或机构已停用', '您没有权限执行此操作', 403);
  }
  if (url.includes('{org}')) out['404'] = envelope('机构不存在，或所指数据不存在（含他机构的数据）', ORG_NOT_FOUND, 404);
  else if (/\{[a-zA-Z]*[iI]d\}/.test(url)) out['404'] = envelope('所指数据不存在或已被删除（含他机构的数据）', '数据不存在或已被删除', 404);
  if (url.includes('/client/')) out['409'] = envelope('同一 request_id 已用于另一请求', 'request_id: 该请求编号已用于另一请求', 409);
  out['503'] = envelope('数据库不可用（稍后重试）', DATABASE_UNAVAILABLE, 503);
  return out;
}

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  examples?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  minLength?: number;
  format?: string;
  pattern?: string;
};

/** A value that fits the schema, for the documentation's examples (required properties only). */
export function exampleOf(schema: JsonSchema | undefined, name = '', depth = 0): unknown {
  if (!schema || depth > 6) return null;
  if (schema.examples?.length) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt?.length) return exampleOf(alt.find((s) => s.type !== 'null') ?? alt[0], name, depth + 1);
  if (schema.allOf?.length) return Object.assign({}, ...schema.allOf.map((s) => exampleOf(s, name, depth + 1) as object));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of schema.required ?? Object.keys(schema.properties ?? {}).slice(0, 3)) out[key] = exampleOf(schema.properties?.[key], key, depth + 1);
      return out;
    }
    case 'array':
      return [exampleOf(schema.items, name, depth + 1)];
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, /id$/i.test(name) ? 1 : 0) || 1;
    case 'boolean':
      return true;
    case 'string':
      if (name === 'request_id') return '2f1e8f4c-9c1b-4f53-9d0a-6a1f0c1e7b21';
      if (schema.format === 'email') return 'name@example.com';
      if (schema.format === 'uri' || schema.format === 'url') return 'https://example.com/';
      return 'x'.repeat(Math.max(1, Math.min(schema.minLength ?? 1, 12)));
    default:
      return null;
  }
}

const tagOf = (url: string): string => {
  const parts = url.split('/').filter((p) => p && p !== 'v1' && p !== '{org}');
  if (parts[0] === 'client') return `读者 ${parts[1] ?? ''}`.trim();
  return parts[0] ?? 'general';
};

/** Register before the routes: @fastify/swagger collects them as they are added. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'huodong 活动与阅读平台 API',
        version: '1',
        description:
          '每个应答都是 {code, message, data}：code 200 为成功；其他 code 与 HTTP 状态一致，message 为中文说明。列表应答的 data 为 {items, _links, _meta}。' +
          '机构接口的路径以机构标识 {org} 开头；读者接口在 /v1/{org}/client/ 下，写入须带 request_id（幂等）。',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: '登录接口返回的 access_token' } } },
    },
    transform(document) {
      const route = document.route as RouteOptions & { config?: { access?: RouteAccess } };
      const out = jsonSchemaTransform(document as never) as { schema: Record<string, unknown>; url: string };
      const access: RouteAccess = route.config?.access ?? 'public';
      const schema = out.schema ?? {};
      const body = schema.body as JsonSchema | undefined;
      const hasInput = !!(schema.body || schema.querystring || (schema.params && Object.keys((schema.params as JsonSchema).properties ?? {}).some((p) => p !== 'org')));
      const openUrl = out.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      return {
        url: out.url,
        schema: {
          ...schema,
          tags: [tagOf(openUrl)],
          security: access === 'public' || access === 'publicOrg' ? [] : [{ bearer: [] }],
          'x-access': access,
          description: `访问：${ACCESS_TEXT[access]}`,
          // @fastify/swagger moves a body's `examples` to its content's `example`.
          ...(body ? { body: { ...body, examples: [exampleOf(body)] } } : {}),
          response: {
            200: {
              description: '成功：{code: 200, message, data}',
              type: 'object',
              properties: { code: { type: 'integer', const: 200 }, message: { type: 'string' }, data: {} },
            },
            ...errorResponses(access, openUrl, hasInput),
            ...(schema.response as object | undefined),
          },
        },
      };
    },
  });
}

interface Operation {
  tags?: string[];
  description?: string;
  'x-access'?: RouteAccess;
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema; example?: unknown }> };
  responses?: Record<string, { description?: string }>;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The reference page: every call grouped by its first path segment, with access, parameters, an example body and its errors. */
export function referencePage(doc: { info: { title: string; description?: string }; paths: Record<string, Record<string, Operation>> }): string {
  const byTag = new Map<string, string[]>();
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const tag = op.tags?.[0] ?? 'general';
      const params = (op.parameters ?? []).map((p) => `<code>${escapeHtml(p.name)}</code>（${p.in === 'path' ? '路径' : p.in === 'query' ? '查询' : escapeHtml(p.in)}${p.required ? '，必填' : ''}）`).join('、');
      const body = Object.values(op.requestBody?.content ?? {})[0];
      const example = body?.example ?? (body?.schema ? exampleOf(body.schema) : undefined);
      const errors = Object.entries(op.responses ?? {})
        .filter(([code]) => code !== '200')
        .map(([code, r]) => `<li><b>${code}</b> ${escapeHtml(r.description ?? '')}</li>`)
        .join('');
      const html =
        `<section id="${escapeHtml(`${method}-${path}`)}"><h3><code>${method.toUpperCase()} ${escapeHtml(path)}</code></h3>` +
        `<p>${escapeHtml(op.description ?? '')}</p>` +
        (params ? `<p>参数：${params}</p>` : '') +
        (example !== undefined ? `<p>请求体示例：</p><pre>${escapeHtml(JSON.stringify(example, null, 2))}</pre>` : '') +
        (errors ? `<p>错误应答：</p><ul>${errors}</ul>` : '') +
        '</section>';
      byTag.set(tag, [...(byTag.get(tag) ?? []), html]);
    }
  }
  const tags = [...byTag.keys()].sort();
  return (
    '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(doc.info.title)}</title>` +
    '<style>body{font-family:system-ui,"Noto Sans CJK SC",sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#1f1f1f}' +
    'pre{background:#f5f5f5;padding:.75rem;overflow:auto}section{border-top:1px solid #ddd;padding:.5rem 0}h3 code{font-size:1rem}</style></head><body>' +
    `<h1>${escapeHtml(doc.info.title)}</h1><p>${escapeHtml(doc.info.description ?? '')}</p>` +
    '<p>机器可读的文档：<a href="/v1/openapi.json">/v1/openapi.json</a>（OpenAPI 3.1）。</p>' +
    `<nav aria-label="分组"><ul>${tags.map((t) => `<li><a href="#tag-${escapeHtml(t)}">${escapeHtml(t)}</a>（${byTag.get(t)!.length}）</li>`).join('')}</ul></nav>` +
    tags.map((t) => `<h2 id="tag-${escapeHtml(t)}">${escapeHtml(t)}</h2>${byTag.get(t)!.join('')}`).join('') +
    '</body></html>'
  );
}

/** `GET /v1/openapi.json` and `GET /v1/docs`: made once, on the first request (every route is registered by then). */
export function openApiRoutes(app: FastifyInstance): void {
  let page: string | null = null;
  app.get('/v1/openapi.json', { config: { access: 'public', rawBody: true }, schema: { hide: true } }, async () => app.swagger());
  app.get('/v1/docs', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => {
    page ??= referencePage(app.swagger() as never);
    return reply.type('text/html; charset=utf-8').send(page);
  });
}
