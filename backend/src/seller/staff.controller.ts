import { ROLE_PERMISSIONS, type SellerAccount } from '@greencart/domain';
import { BadRequestException, Body, Controller, Delete, Get, Header, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ActivityLog } from '../sessions/activity/activity-log';
import { CurrentSeller } from '../sessions/current-seller.decorator';
import { SellerOnly } from '../sessions/seller-only.decorator';
import { SELLER_COOKIE } from '../sessions/session';
import { SessionCookies } from '../sessions/session-cookies';
import type { SellerSession } from '../sessions/session.service';
import { StaffService } from '../sessions/staff/staff.service';
import { AcceptInvitationDto, ActivityQueryDto, ChangeStaffPasswordDto, InviteStaffDto, StaffIdParam, UpdateStaffDto } from './dto/staff.dto';

/** The shop's team (the owner's), the person signed in, and the activity log. */
@ApiTags('seller')
@Controller()
export class StaffController {
  constructor(
    private readonly staff: StaffService,
    private readonly activity: ActivityLog,
    private readonly cookies: SessionCookies,
  ) {}

  /** Who is signed in to the seller area and what their role allows (the seller area's navigation). */
  @Get('seller/me')
  @SellerOnly('session')
  @Header('Cache-Control', 'no-store')
  me(@CurrentSeller() seller: SellerSession): { success: true; account: SellerAccount } {
    return { success: true, account: { role: seller.account, name: seller.name, email: seller.email, permissions: [...ROLE_PERMISSIONS[seller.account]] } };
  }

  @Get('seller/staff')
  @SellerOnly()
  @Header('Cache-Control', 'no-store')
  async list() {
    return { success: true, staff: await this.staff.list() };
  }

  @Post('seller/staff')
  @SellerOnly()
  async invite(@CurrentSeller() seller: SellerSession, @Body() dto: InviteStaffDto) {
    const { member, link } = await this.staff.invite(seller, dto);
    return { success: true, message: `Invitation sent to ${member.email}`, member, inviteLink: link };
  }

  @Patch('seller/staff/:id')
  @SellerOnly()
  @HttpCode(200)
  async update(@CurrentSeller() seller: SellerSession, @Param() { id }: StaffIdParam, @Body() dto: UpdateStaffDto) {
    if (dto.name === undefined && dto.role === undefined) throw new BadRequestException('Give a new name or role');
    return { success: true, message: 'Saved', member: await this.staff.update(seller, id, dto) };
  }

  @Delete('seller/staff/:id')
  @SellerOnly()
  @HttpCode(200)
  async remove(@CurrentSeller() seller: SellerSession, @Param() { id }: StaffIdParam) {
    await this.staff.remove(seller, id);
    return { success: true, message: 'Removed; their sessions have ended' };
  }

  /** A new invitation in place of the person's password (forgotten, or shared by mistake): their sessions end. */
  @Post('seller/staff/:id/reset')
  @SellerOnly()
  @HttpCode(200)
  async reset(@CurrentSeller() seller: SellerSession, @Param() { id }: StaffIdParam) {
    const { member, link } = await this.staff.resetSignIn(seller, id);
    return { success: true, message: `A new invitation was sent to ${member.email}`, member, inviteLink: link };
  }

  /** The invited person sets their password with the link (public: the link is the proof). */
  @Post('seller/staff/accept')
  @HttpCode(200)
  async accept(@Body() dto: AcceptInvitationDto) {
    const { name } = await this.staff.accept(dto.token, dto.password);
    return { success: true, message: `Welcome, ${name}! Sign in at the seller page with your email and this password.` };
  }

  /** A staff member changes their own password; their other sessions end, this one goes on. */
  @Post('seller/password')
  @SellerOnly('session')
  @HttpCode(200)
  async changePassword(@CurrentSeller() seller: SellerSession, @Body() dto: ChangeStaffPasswordDto, @Res({ passthrough: true }) res: Response) {
    if (seller.account === 'owner') throw new BadRequestException('The owner’s password is set in the shop’s settings (SELLER_PASSWORD)');
    this.cookies.set(res, SELLER_COOKIE, await this.staff.changePassword(seller.id, dto.currentPassword, dto.password));
    return { success: true, message: 'Password changed; your other sessions have ended' };
  }

  @Get('seller/activity')
  @SellerOnly()
  @Header('Cache-Control', 'no-store')
  async log(@Query() query: ActivityQueryDto) {
    return { success: true, ...(await this.activity.page(query)) };
  }
}
