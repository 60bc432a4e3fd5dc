import {
  cashflowReportQuerySchema,
  cashflowReportSchema,
  errorResponseSchema,
  payrollReportQuerySchema,
  payrollReportSchema,
  repairsReportQuerySchema,
  repairsReportSchema,
  salesReportQuerySchema,
  salesReportSchema,
  stockReportQuerySchema,
  stockReportSchema,
} from '@repo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf as ctx } from '../../lib/ctx';
import { checkExport } from './access';
import * as cashflow from './cashflow';
import * as payroll from './payroll';
import * as repairs from './repairs';
import * as sales from './sales';
import * as stock from './stock';
import { sendXlsx } from './xlsx';

const tags = ['reports'];
const errors = { 400: errorResponseSchema, 403: errorResponseSchema };
const xlsxNote = ' `format=xlsx`: Excel-файл тех же строк (нужно право export:report).';
const config = { rule: 'view:report' as const, location: true };

/**
 * /api/reports: read-only reports over the ledgers and their summaries (server/docs/reports.md). Each
 * answers JSON, or with `format=xlsx` the Excel file of exactly the rows of that JSON.
 */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sales',
    { config, schema: { tags, summary: `Продажи и валовая прибыль по дням, неделям или месяцам; разрез по магазину, продавцу или категории.${xlsxNote}`, querystring: salesReportQuerySchema, response: { 200: salesReportSchema, ...errors } } },
    async (request, reply) => {
      checkExport(ctx(request), request.query.format);
      const report = await sales.salesReport(ctx(request), request.query);
      if (request.query.format === 'xlsx') return sendXlsx(reply, sales.fileName(report), sales.columns(report), report.rows, sales.totalsRow(report));
      return report;
    },
  );
  app.get(
    '/repairs',
    { config, schema: { tags, summary: `Ремонты: по статусам или инженерам, среднее время ремонта, просроченные заказы.${xlsxNote}`, querystring: repairsReportQuerySchema, response: { 200: repairsReportSchema, ...errors } } },
    async (request, reply) => {
      checkExport(ctx(request), request.query.format);
      const report = await repairs.repairsReport(ctx(request), request.query);
      if (request.query.format === 'xlsx') return sendXlsx(reply, repairs.fileName(report), repairs.columns(report), report.rows, repairs.totalsRow(report));
      return report;
    },
  );
  app.get(
    '/stock',
    { config, schema: { tags, summary: `Стоимость остатков по себестоимости на дату, по складам и категориям; неликвиды без продаж N дней.${xlsxNote}`, querystring: stockReportQuerySchema, response: { 200: stockReportSchema, ...errors } } },
    async (request, reply) => {
      checkExport(ctx(request), request.query.format);
      // The file holds every matching product in the table's order, not the page on screen.
      const query = request.query.format === 'xlsx' ? { ...request.query, page: 1, pageSize: stock.fileRows } : request.query;
      const report = await stock.stockReport(ctx(request), query);
      if (request.query.format === 'xlsx') return sendXlsx(reply, stock.fileName(report), stock.columns(report), report.rows);
      return report;
    },
  );
  app.get(
    '/cashflow',
    { config, schema: { tags, summary: `Движение денег: приход и расход по статьям или кассам, остаток на начало и конец.${xlsxNote}`, querystring: cashflowReportQuerySchema, response: { 200: cashflowReportSchema, ...errors } } },
    async (request, reply) => {
      checkExport(ctx(request), request.query.format);
      const report = await cashflow.cashflowReport(ctx(request), request.query);
      if (request.query.format === 'xlsx') return sendXlsx(reply, cashflow.fileName(report), cashflow.columns(report), report.rows, cashflow.totalsRow(report));
      return report;
    },
  );
  app.get(
    '/payroll',
    { config, schema: { tags, summary: `Зарплата: начислено, выплачено и долг по сотрудникам за период (нужно и право view:payroll).${xlsxNote}`, querystring: payrollReportQuerySchema, response: { 200: payrollReportSchema, ...errors } } },
    async (request, reply) => {
      checkExport(ctx(request), request.query.format);
      const report = await payroll.payrollReport(ctx(request), request.query);
      if (request.query.format === 'xlsx') return sendXlsx(reply, payroll.fileName(report), payroll.columns(report), report.rows, payroll.totalsRow(report));
      return report;
    },
  );
};
