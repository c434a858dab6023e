import { randomUUID } from 'node:crypto';
import { AUTH_ENV, insertProducts, seller, shopper, VALID_ADDRESS, type Agent } from './support/actors';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Saved addresses (storefront round three): the optional flat/house and landmark fields beside the
 * spec's body, a pincode pasted with a space, and a new address made the default only where the shop delivers.
 */
describe('addresses: optional house and landmark, pasted pincodes, the default', () => {
  let t: TestApp;
  let sellerAgent: Agent;

  beforeAll(async () => {
    t = await createTestApp({ ...AUTH_ENV });
    sellerAgent = await seller(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const list = async (agent: Agent) => (await agent.get('/api/Address/get').expect(200)).body.address as Record<string, unknown>[];

  it("takes the spec's body exactly as before: the same answer, no new fields stored", async () => {
    const { agent } = await shopper(t, 'Spec');
    const res = await agent.post('/api/Address/add').send({ adress: VALID_ADDRESS }).expect(201);
    expect(res.body).toMatchObject({ success: true, message: 'Address added' });
    expect(Object.keys(res.body.address).sort()).toEqual(['_id', 'user', ...Object.keys(VALID_ADDRESS), 'createdAt', 'updatedAt', 'zipcode'].sort());
    expect(res.body.address).toMatchObject({ ...VALID_ADDRESS, phone: '+919876543210', zipcode: '560001' });
    const stored = await t.connection.collection('addresses').findOne({ street: VALID_ADDRESS.street, firstName: 'Asha', lastName: 'Rao' });
    expect(stored).not.toHaveProperty('house');
    expect(stored).not.toHaveProperty('landmark');
    const [saved] = await list(agent);
    expect(saved).not.toHaveProperty('house');
    expect(saved).not.toHaveProperty('landmark');
    expect(saved.isDefault).toBe(true);
  });

  it('stores, returns and edits the optional flat/house and landmark; empty ones are not stored; too long is a 400 with nothing stored', async () => {
    const { agent } = await shopper(t, 'Meera');
    const full = { ...VALID_ADDRESS, house: '  Flat 4B, Lotus Apartments ', landmark: 'Opposite the city library' };
    const res = await agent.post('/api/Address/add').send({ adress: full }).expect(201);
    expect(res.body.address).toMatchObject({ house: 'Flat 4B, Lotus Apartments', landmark: 'Opposite the city library' });
    const id = res.body.address._id as string;
    expect((await list(agent))[0]).toMatchObject({ _id: id, house: 'Flat 4B, Lotus Apartments', landmark: 'Opposite the city library' });

    // Edited without them (or with them empty): they go.
    await agent
      .patch(`/api/Address/${id}`)
      .send({ adress: { ...VALID_ADDRESS, house: ' ', landmark: '' } })
      .expect(200);
    const [edited] = await list(agent);
    expect(edited).not.toHaveProperty('house');
    expect(edited).not.toHaveProperty('landmark');

    const before = await t.connection.collection('addresses').countDocuments();
    const long = await agent
      .post('/api/Address/add')
      .send({ adress: { ...VALID_ADDRESS, landmark: 'x'.repeat(101) } })
      .expect(400);
    expect(long.body).toMatchObject({ success: false, message: expect.stringContaining('Landmark must be at most 100 characters') });
    const wrongType = await agent
      .post('/api/Address/add')
      .send({ adress: { ...VALID_ADDRESS, house: { $gt: '' } } })
      .expect(400);
    expect(wrongType.body.success).toBe(false);
    expect(await t.connection.collection('addresses').countDocuments()).toBe(before);
  });

  it("keeps the flat/house and landmark in the order's copy of the address, which the seller's order list shows", async () => {
    const [dal] = await insertProducts(t, [{ name: 'Toor Dal', offerPrice: 150, category: 'Grains' }]);
    const { agent } = await shopper(t, 'Order');
    const address = (
      await agent
        .post('/api/Address/add')
        .send({ adress: { ...VALID_ADDRESS, house: 'Flat 4B', landmark: 'Opposite the library' } })
        .expect(201)
    ).body.address._id;
    const placed = await agent
      .post('/api/placeorders')
      .set('Idempotency-Key', randomUUID())
      .send({ address, items: [{ product: dal, quantity: 1 }] })
      .expect(201);
    expect(placed.body.order.address).toMatchObject({ house: 'Flat 4B', street: '12 MG Road', landmark: 'Opposite the library' });
    const listed = (await sellerAgent.get('/api/getorder/admin/seller').expect(200)).body.orderdata as { _id: string; address: object }[];
    expect(listed.find((order) => order._id === placed.body.order._id)?.address).toMatchObject({ house: 'Flat 4B', landmark: 'Opposite the library' });
  });

  it('reads a pincode pasted as "411 045" or "411-045" as 411045, and still refuses five digits', async () => {
    const { agent } = await shopper(t, 'Paste');
    const res = await agent
      .post('/api/Address/add')
      .send({ adress: { ...VALID_ADDRESS, pincode: ' 411 045 ' } })
      .expect(201);
    expect(res.body.address).toMatchObject({ pincode: '411045', zipcode: '411045' });
    await agent
      .patch(`/api/Address/${res.body.address._id}`)
      .send({ adress: { ...VALID_ADDRESS, pincode: '411-045' } })
      .expect(200);
    expect((await list(agent))[0]).toMatchObject({ pincode: '411045' });
    const short = await agent
      .post('/api/Address/add')
      .send({ adress: { ...VALID_ADDRESS, pincode: '41104' } })
      .expect(400);
    expect(short.body).toMatchObject({ success: false, message: expect.stringContaining('Pincode must be 6 digits') });
    expect((await t.http().get('/api/delivery').query({ pincode: '411 045' }).expect(200)).body).toMatchObject({ pincode: '411045', serviceable: true });
  });

  it("makes a new address the default only where the shop delivers; the seller's areas take pasted pincodes", async () => {
    const saved = await sellerAgent
      .put('/api/seller/delivery')
      .send({ areas: [{ pincode: '560 001', etaMinutes: 25, fee: 0 }], minimumOrder: 0, hours: null })
      .expect(200);
    expect(saved.body.areas).toEqual([{ pincode: '560001', etaMinutes: 25, fee: 0 }]);
    const bad = await sellerAgent
      .put('/api/seller/delivery')
      .send({ areas: [{ pincode: '560 01', etaMinutes: 25, fee: 0 }] })
      .expect(400);
    expect(bad.body).toMatchObject({ success: false, message: 'Area 1: the pincode must be 6 digits, not starting with 0' });

    const { agent } = await shopper(t, 'Ravi');
    const home = (await agent.post('/api/Address/add').send({ adress: VALID_ADDRESS }).expect(201)).body.address._id;
    // Pune is not served: saved, listed, but the default stays Bengaluru.
    const pune = (
      await agent
        .post('/api/Address/add')
        .send({ adress: { ...VALID_ADDRESS, street: '5 FC Road', city: 'Pune', state: 'Maharashtra', pincode: '411045' } })
        .expect(201)
    ).body.address._id;
    let addresses = await list(agent);
    expect(addresses.map((a) => [a._id, a.isDefault])).toEqual([
      [home, true],
      [pune, false],
    ]);
    // A second served address becomes the default, as the newest always did.
    const office = (
      await agent
        .post('/api/Address/add')
        .send({ adress: { ...VALID_ADDRESS, street: '1 Brigade Road' } })
        .expect(201)
    ).body.address._id;
    addresses = await list(agent);
    expect(addresses[0]).toMatchObject({ _id: office, isDefault: true });
    // The shopper may still choose the unserved one themselves.
    await agent.post(`/api/Address/${pune}/default`).expect(200);
    expect((await list(agent))[0]).toMatchObject({ _id: pune, isDefault: true });
    await sellerAgent.put('/api/seller/delivery').send({ areas: [], minimumOrder: 0, hours: null }).expect(200);
  });
});
