import type { StaffRole } from '@greencart/domain';
import request from 'supertest';
import { cookie, uniqueEmail } from './sessions';
import type { TestApp } from './test-app';

export const STAFF_PASSWORD = 'mango-pickle-ladder-42';

/** The token of an invitation link (`…/seller/invite?token=…`). */
export const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

/** The owner (`ownerCookie`) invites someone; their id, email and invitation token. */
export async function invite(t: TestApp, ownerCookie: string, role: StaffRole, name = role === 'packer' ? 'Ravi Kumar' : 'Meena Iyer') {
  const email = uniqueEmail(name.split(' ')[0]);
  const res = await request(t.app.getHttpServer()).post('/api/seller/staff').set('Cookie', ownerCookie).send({ name, email, role }).expect(201);
  return { id: res.body.member._id as string, email, token: tokenOf(res.body.inviteLink as string) };
}

/** A staff member's seller cookie (`sellerToken=…`) after signing in. */
export async function signInStaff(t: TestApp, email: string, password = STAFF_PASSWORD): Promise<string> {
  const res = await request(t.app.getHttpServer()).post('/api/sellerlogin').send({ email, password }).expect(200);
  return `sellerToken=${cookie(res, 'sellerToken')!.value}`;
}

/** Invited, accepted and signed in: a staff member with `role`. */
export async function staffCookie(t: TestApp, ownerCookie: string, role: StaffRole, name?: string) {
  const invited = await invite(t, ownerCookie, role, name);
  await request(t.app.getHttpServer()).post('/api/seller/staff/accept').send({ token: invited.token, password: STAFF_PASSWORD }).expect(200);
  return { ...invited, password: STAFF_PASSWORD, cookie: await signInStaff(t, invited.email) };
}
