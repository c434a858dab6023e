import { gstStateByCode, type GstState, type ShopDetailsView } from '@greencart/domain';
import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import type { Environment } from '../config/environment';
import type { ShopDetailsDto } from './dto/shop-details.dto';
import { StoredShopDetails } from './schemas/shop-details.schema';

const DETAILS_ID = 'shop';

/** The shop's legal details as invoices print them. */
export interface ShopDetails {
  legalName: string;
  /** Null: not registered for GST. */
  gstin: string | null;
  address: string;
  /** Null only before the seller saves, when SHOP_GSTIN does not say it. */
  state: GstState | null;
  /** False while the environment's defaults are in use. */
  saved: boolean;
}

/**
 * The shop's legal name, GSTIN, address and state. Until the seller saves them, SHOP_NAME,
 * SHOP_GSTIN and SHOP_ADDRESS are used (the state is then the one SHOP_GSTIN begins with).
 * Read from the database each time: only invoices and the seller's screen ask.
 */
@Injectable()
export class ShopService {
  private readonly defaults: ShopDetails;

  constructor(
    @InjectModel(StoredShopDetails.name) private readonly stored: Model<StoredShopDetails>,
    config: ConfigService<Environment, true>,
  ) {
    // Blank settings are "not set".
    const gstin = config.get('SHOP_GSTIN', { infer: true })?.trim().toUpperCase() || null;
    this.defaults = {
      legalName: config.get('SHOP_NAME', { infer: true }),
      gstin,
      address: config.get('SHOP_ADDRESS', { infer: true })?.trim() ?? '',
      state: gstStateByCode(gstin?.slice(0, 2)) ?? null,
      saved: false,
    };
  }

  async details(): Promise<ShopDetails> {
    const saved = await this.stored.findById(DETAILS_ID).lean();
    if (!saved) return this.defaults;
    return { legalName: saved.legalName, gstin: saved.gstin ?? null, address: saved.address, state: gstStateByCode(saved.stateCode) ?? null, saved: true };
  }

  async save(dto: ShopDetailsDto): Promise<ShopDetails> {
    await this.stored.replaceOne(
      { _id: DETAILS_ID },
      { _id: DETAILS_ID, legalName: dto.legalName, address: dto.address, stateCode: dto.stateCode, ...(dto.gstin ? { gstin: dto.gstin } : {}) },
      { upsert: true },
    );
    return this.details();
  }
}

/** The details as the seller's screen reads them. */
export function shopDetailsView(details: ShopDetails): ShopDetailsView {
  return {
    legalName: details.legalName,
    gstin: details.gstin,
    address: details.address,
    stateCode: details.state?.code ?? null,
    stateName: details.state?.name ?? null,
    saved: details.saved,
  };
}
