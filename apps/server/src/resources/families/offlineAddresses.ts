import { offlineAddressesResource } from '@huodong/domain';
import { offlineAddresses } from '../../db/schema.js';
import { bind } from '../binding.js';

/** Offline activity addresses: generic machinery only. */
export const offlineAddressesBinding = bind({ def: offlineAddressesResource, table: offlineAddresses });
