import { carouselResource } from '@huodong/domain';
import { carousel } from '../../db/schema.js';
import { bind } from '../binding.js';

/** The carousel: generic machinery only. */
export const carouselBinding = bind({ def: carouselResource, table: carousel });
