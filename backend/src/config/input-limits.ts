import { MAX_DELIVERY_AREAS } from '@greencart/domain';

/**
 * The largest JSON body of the API: the delivery settings with MAX_DELIVERY_AREAS areas. One area
 * written out, `{"pincode":"411045","etaMinutes":240,"fee":499.99}`, is 52 bytes; 128 leaves room for
 * a client that indents its JSON. (2,000 areas: 256,000 bytes.)
 */
export const LARGEST_JSON_BODY_BYTES = MAX_DELIVERY_AREAS * 128;

/** Keys and items of that body: each area is an entry and its three fields, plus the settings around them. */
export const LARGEST_INPUT_NODES = MAX_DELIVERY_AREAS * 4 + 100;
