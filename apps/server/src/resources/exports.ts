import type { FastifyReply, FastifyRequest } from 'fastify';
import { listFields, optionsFromData, rowCellText, type FieldOption, type ResourceExport, type ResourceField } from '@huodong/domain';
import { attachment, xlsxStream, XLSX_TYPE } from '../exports/xlsxStream.js';
import type { ListQuery, ResourceService } from './service.js';

/**
 * Options of the export's select fields whose options come from the API: read through the same
 * API call the page makes (with the caller's token), so a cell reads exactly as the table shows it.
 */
async function loadOptions(request: FastifyRequest, fields: ResourceField[]): Promise<Map<string, FieldOption[]>> {
  const options = new Map<string, FieldOption[]>();
  for (const f of fields) {
    if (!f.optionsFrom) continue;
    const url = `${f.optionsFrom.path.replace('{org}', request.org?.key ?? '')}?page_size=100`;
    const res = await request.server.inject({ method: 'GET', url, headers: { authorization: request.headers.authorization ?? '' } });
    options.set(f.name, res.statusCode === 200 ? optionsFromData(res.json().data, f.optionsFrom) : []);
  }
  return options;
}

/** `GET …/export/{name}`: the list with its current filters as an .xlsx, streamed. */
export async function sendExport(reply: FastifyReply, service: ResourceService, exp: ResourceExport, request: FastifyRequest, query: ListQuery) {
  const { def } = service;
  const fields = exp.fields ? exp.fields.map((name) => def.fields.find((f) => f.name === name)!) : listFields(def);
  const options = await loadOptions(request, fields);
  // Reading starts before the answer is sent: a refused parent or a bad sort fails as a JSON error.
  const rows = service.scan(request, query);
  const first = await rows.next();
  async function* cells() {
    for (let batch = first; !batch.done; batch = await rows.next()) {
      yield batch.value.map((row) => fields.map((f) => rowCellText(f, row, options.get(f.name) ?? f.options)));
    }
  }
  return reply
    .header('content-type', XLSX_TYPE)
    .header('cache-control', 'no-store')
    .header('content-disposition', attachment(`${exp.title}.xlsx`))
    .send(xlsxStream(exp.title, fields.map((f) => f.label), cells()));
}
