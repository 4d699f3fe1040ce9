import { studentsResource } from '@huodong/domain';
import { students } from '../../db/schema.js';
import { bind } from '../binding.js';

/** School students: generic machinery only; their import routes come with orgUsers (imports/userImports.ts). */
export const studentsBinding = bind({
  def: studentsResource,
  table: students,
});
