import { VALID_ADDRESS, type Agent } from './actors';

/**
 * What the tax suites (tax-modes, gstr1) set up alike: an address in another state than the shop's, and
 * delivery to it and to the shop's own pincode at a ₹30 fee (the fee carries its own GST rate).
 */
export const KERALA_ADDRESS = { ...VALID_ADDRESS, street: '4 Marine Drive', city: 'Kochi', state: 'Kerala', pincode: '682031' };

export async function deliverToBothStates(owner: Agent): Promise<void> {
  await owner
    .put('/api/seller/delivery')
    .send({
      areas: [
        { pincode: '560001', etaMinutes: 30, fee: 30 },
        { pincode: '682031', etaMinutes: 60, fee: 30 },
      ],
      freeDeliveryAbove: null,
      minimumOrder: 0,
      hours: null,
    })
    .expect(200);
}
