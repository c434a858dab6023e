import { Controller, Get, Header, HttpCode, Param, Post, Query, Req, Res, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CATALOGUE_CSV_COLUMNS, MAX_IMPORT_CSV_MB, MAX_IMPORT_ROWS, MAX_IMPORT_ZIP_MB } from '@greencart/domain';
import { ActivityLog } from '../../sessions/activity/activity-log';
import { CurrentSeller } from '../../sessions/current-seller.decorator';
import { SellerOnly } from '../../sessions/seller-only.decorator';
import type { SellerSession } from '../../sessions/session.service';
import { ImportIdParams, ImportQuery } from '../dto/catalogue-import.dto';
import { templateLines } from './catalogue-export';
import { CatalogueImportService } from './catalogue-import.service';
import { CSV_FIELD, importFilesOf, ImportUploadInterceptor, ZIP_FIELD } from './import-upload.interceptor';

/** The seller's catalogue as a spreadsheet (issue 38): export, template, import with a dry run, progress. */
@ApiTags('products')
@Controller()
@SellerOnly('products')
export class CatalogueImportController {
  constructor(
    private readonly imports: CatalogueImportService,
    private readonly activity: ActivityLog,
  ) {}

  @Get('seller/products.csv')
  @ApiOperation({ summary: `Every pack size as one CSV line (UTF-8 with a byte order mark): ${CATALOGUE_CSV_COLUMNS.join(', ')}` })
  async exportCsv(@Res() res: Response) {
    const csv = await this.imports.exportCsv();
    sendCsv(res, `greencart-catalogue-${new Date().toISOString().slice(0, 10)}.csv`, csv);
  }

  @Get('seller/products/import/template.csv')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'The header of the catalogue CSV and two example rows' })
  template(@Res() res: Response) {
    sendCsv(res, 'greencart-catalogue-template.csv', `\uFEFF${templateLines()}`);
  }

  @Post('seller/products/import')
  @HttpCode(200)
  @UseInterceptors(ImportUploadInterceptor)
  @ApiOperation({
    summary:
      'Import the catalogue CSV (and a zip of its pictures): ?dryRun=true says what it would do and every wrong row; otherwise, with no wrong row, 202 and it applies in the background, all or nothing (409 with the errors, or while another import runs)',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: [CSV_FIELD],
      properties: {
        [CSV_FIELD]: {
          type: 'string',
          format: 'binary',
          description: `CSV, at most ${MAX_IMPORT_CSV_MB} MB and ${MAX_IMPORT_ROWS} rows, "," or ";" separated`,
        },
        [ZIP_FIELD]: { type: 'string', format: 'binary', description: `Zip of the pictures the images column names, at most ${MAX_IMPORT_ZIP_MB} MB` },
      },
    },
  })
  async import(@CurrentSeller() seller: SellerSession, @Query() query: ImportQuery, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const files = importFilesOf(req);
    if (query.dryRun === 'true') return this.imports.dryRun(files);
    const importId = await this.imports.start(files);
    await this.activity.record(seller, 'product.imported', { name: 'Catalogue import', id: String(importId) });
    res.status(202);
    return { success: true, importId };
  }

  @Get('seller/products/import/:id')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: "An import's state (checking, applying, done, failed), its progress in pack-size rows and its errors" })
  progress(@Param() { id }: ImportIdParams) {
    return this.imports.progress(id);
  }
}

function sendCsv(res: Response, filename: string, csv: string) {
  res.status(200);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
  res.setHeader('Cache-Control', 'no-store');
  res.end(csv);
}
