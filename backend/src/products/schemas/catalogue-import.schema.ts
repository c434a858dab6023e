import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Schema as MongooseSchema, Types } from 'mongoose';
import { IMPORT_STATES, type ImportRowError, type ImportState } from '@greencart/domain';

@Schema({ _id: false, versionKey: false })
export class ImportProblem {
  @Prop({ required: true }) row: number;
  @Prop({ type: String, default: '' }) column: string;
  @Prop({ type: String, required: true }) message: string;
}
const ImportProblemSchema = SchemaFactory.createForClass(ImportProblem);

/**
 * One catalogue import (issue 38) and its progress. `applying` is the commit point: from then on its
 * planned writes (CatalogueImportChunk, `chunks` of them) are all applied, if need be by the next
 * start-up; before it, the import is dropped (with the pictures it stored) and nothing changed.
 */
@Schema({ collection: 'catalogue_imports', timestamps: true, versionKey: false })
export class CatalogueImport {
  _id: Types.ObjectId;
  @Prop({ type: String, required: true, enum: IMPORT_STATES }) state: ImportState;
  /** Pack-size rows written so far, of `total`. */
  @Prop({ type: Number, default: 0 }) done: number;
  @Prop({ type: Number, default: 0 }) total: number;
  /** What went wrong with a failed import (not `errors`: mongoose keeps that name for itself). */
  @Prop({ type: [ImportProblemSchema], default: [] }) problems: ImportRowError[];
  @Prop({ type: String }) message?: string;
  /** A failed import that was committed: some of its writes may have been made. */
  @Prop({ type: Boolean, default: false }) partlyApplied: boolean;
  /** How many chunks of planned writes there are (set when the import is committed). */
  @Prop({ type: Number, default: 0 }) chunks: number;
  /** Pictures stored for it from the zip, removed again if it never applies. */
  @Prop({ type: [String], default: [] }) pictures: string[];
  /** Pictures the products no longer show once it applied, removed after (unless an order shows them). */
  @Prop({ type: [String], default: [] }) replaced: string[];
  createdAt: Date;
  updatedAt: Date;
}
export const CatalogueImportSchema = SchemaFactory.createForClass(CatalogueImport);

/** Up to a few hundred products' planned writes of one import, under `<importId>:<n>` (read by `_id` alone). */
@Schema({ collection: 'catalogue_import_writes', versionKey: false })
export class CatalogueImportChunk {
  @Prop({ type: String, required: true }) _id: string;
  @Prop({ type: [MongooseSchema.Types.Mixed], default: [] }) products: unknown[];
}
export const CatalogueImportChunkSchema = SchemaFactory.createForClass(CatalogueImportChunk);

/**
 * The one import running in the shop: inserting this document (a unique `_id`) is starting one. Its
 * holder keeps `aliveAt` fresh; a slot left stale by a stopped shop is taken over and its import
 * finished (applying) or dropped (checking).
 */
@Schema({ collection: 'catalogue_import_slot', versionKey: false })
export class CatalogueImportSlot {
  @Prop({ type: String, required: true }) _id: string;
  @Prop({ type: String, required: true }) importId: string;
  @Prop({ type: String, required: true }) holder: string;
  @Prop({ type: Date, required: true }) aliveAt: Date;
}
export const CatalogueImportSlotSchema = SchemaFactory.createForClass(CatalogueImportSlot);
