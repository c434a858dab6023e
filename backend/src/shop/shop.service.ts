import {
  DEFAULT_DELIVERY_GST_RATE,
  DEFAULT_GST_RATES,
  DEFAULT_TAX_MODE,
  gstStateByCode,
  isTaxMode,
  type GstState,
  type ShopDetailsView,
  type ShopTaxView,
  type TaxMode,
} from '@greencart/domain';
import { BadRequestException, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { ClusterBus } from '../common/cluster/cluster-bus';
import type { Environment } from '../config/environment';
import type { ShopDetailsDto } from './dto/shop-details.dto';
import { StoredShopDetails } from './schemas/shop-details.schema';

const DETAILS_ID = 'shop';
const TOPIC = 'shop-details';
export const GST_NEEDS_GSTIN = 'A shop in gst mode needs its GSTIN';

/** How the shop is taxed (issue 54): the mode, the rates its products may carry, the delivery fee's rate. */
export interface ShopTax {
  taxMode: TaxMode;
  gstRates: number[];
  deliveryGstRate: number;
}

/** The shop's legal details as invoices print them, and its tax settings. */
export interface ShopDetails extends ShopTax {
  legalName: string;
  /** Null: not registered for GST. */
  gstin: string | null;
  address: string;
  /** Null only before the seller saves, when SHOP_GSTIN does not say it. */
  state: GstState | null;
  /** False while the environment's defaults are in use. */
  saved: boolean;
}

const DEFAULT_TAX: ShopTax = { taxMode: DEFAULT_TAX_MODE, gstRates: [...DEFAULT_GST_RATES], deliveryGstRate: DEFAULT_DELIVERY_GST_RATE };

/**
 * The shop's legal name, GSTIN, address and state, and how it is taxed. Until the seller saves them,
 * SHOP_NAME, SHOP_GSTIN and SHOP_ADDRESS are used (the state is then the one SHOP_GSTIN begins with)
 * and the tax mode is `flat`. Kept in memory, since every order is priced in the shop's tax mode, and
 * read again on every instance when any instance saves them (ClusterBus), as the delivery settings are.
 */
@Injectable()
export class ShopService implements OnModuleInit {
  private readonly logger = new Logger(ShopService.name);
  private readonly defaults: ShopDetails;
  private loaded: Promise<ShopDetails> | undefined;

  constructor(
    @InjectModel(StoredShopDetails.name) private readonly stored: Model<StoredShopDetails>,
    private readonly cluster: ClusterBus,
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
      ...DEFAULT_TAX,
    };
    const reload = () => void this.reload().catch((error: Error) => this.logger.warn(`Shop details not read again: ${error.message}`));
    cluster.subscribe<{ saved: true }>(TOPIC, { message: reload, resync: reload });
  }

  async onModuleInit(): Promise<void> {
    await this.details().catch((error: Error) => this.logger.warn(`Shop details not loaded at start-up: ${error.message}`));
  }

  details(): Promise<ShopDetails> {
    this.loaded ??= this.load().catch((error: unknown) => {
      this.loaded = undefined;
      throw error;
    });
    return this.loaded;
  }

  /** The tax settings every order is priced with (from memory once loaded). */
  async tax(): Promise<ShopTax> {
    const { taxMode, gstRates, deliveryGstRate } = await this.details();
    return { taxMode, gstRates, deliveryGstRate };
  }

  private reload(): Promise<ShopDetails> {
    this.loaded = undefined;
    return this.details();
  }

  private async load(): Promise<ShopDetails> {
    const saved = await this.stored.findById(DETAILS_ID).lean();
    if (!saved) return this.defaults;
    return {
      legalName: saved.legalName,
      gstin: saved.gstin ?? null,
      address: saved.address,
      state: gstStateByCode(saved.stateCode) ?? null,
      saved: true,
      taxMode: isTaxMode(saved.taxMode) ? saved.taxMode : DEFAULT_TAX_MODE,
      gstRates: saved.gstRates?.length ? saved.gstRates : [...DEFAULT_GST_RATES],
      deliveryGstRate: saved.deliveryGstRate ?? DEFAULT_DELIVERY_GST_RATE,
    };
  }

  /** Saves the details; tax settings left out stay as they were. A change of mode applies to orders placed after it. */
  async save(dto: ShopDetailsDto): Promise<ShopDetails> {
    const current = await this.load();
    const taxMode = dto.taxMode ?? current.taxMode;
    if (taxMode === 'gst' && !dto.gstin) throw new BadRequestException(GST_NEEDS_GSTIN);
    await this.stored.replaceOne(
      { _id: DETAILS_ID },
      {
        _id: DETAILS_ID,
        legalName: dto.legalName,
        address: dto.address,
        stateCode: dto.stateCode,
        ...(dto.gstin ? { gstin: dto.gstin } : {}),
        taxMode,
        gstRates: dto.gstRates ?? current.gstRates,
        deliveryGstRate: dto.deliveryGstRate ?? current.deliveryGstRate,
      },
      { upsert: true },
    );
    const details = await this.reload();
    await this.cluster.publish(TOPIC, { saved: true });
    return details;
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
    taxMode: details.taxMode,
    gstRates: details.gstRates,
    deliveryGstRate: details.deliveryGstRate,
  };
}

/** What every shopper's screen needs (GET /api/shop). */
export function shopTaxView(tax: ShopTax): ShopTaxView {
  return { taxMode: tax.taxMode, deliveryGstRate: tax.deliveryGstRate, gstRates: tax.gstRates };
}
