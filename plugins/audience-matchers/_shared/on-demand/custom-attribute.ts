/** The whole preset's stand-in of ../../custom-attribute (scripts/lib/snippet-parts.ts): the matcher is part `matcher-custom-attribute`, made with these options. */
import { matcherStandIn } from '../../../_shared/stand-in';
import type { CustomAttributeOptions } from '../../custom-attribute';

export type { CustomAttributeOptions };

export default (options?: CustomAttributeOptions) => matcherStandIn('custom_attribute', 'matcher-custom-attribute', options);
