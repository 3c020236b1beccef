import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pnrParams } from '#shared/bookings';
import {
  type CreditNote,
  creditNote,
  creditNoteParams,
  documentFormatQuery,
  type TaxInvoice,
  taxInvoice,
  userTaxProfile,
  userTaxProfileInput,
} from '#shared/finance';
import { findBooking } from '../../domain/booking-records/find-booking';
import { documentLookOf } from '../../domain/documents/brand-document-look';
import { findCreditNote, findTaxInvoice, listCreditNotes } from '../../domain/finance/find-tax-documents';
import { findTaxInvoiceByNumber } from '../../domain/finance/find-tax-invoice-by-number';
import { renderTaxDocumentPdf } from '../../domain/finance/render-tax-document-pdf';
import { findUserTaxProfile, saveUserTaxProfile } from '../../domain/finance/user-tax-profile';
import { requireBrand, requireUser } from '../../http/context';
import { ok, responses } from '../../http/envelope';
import { sendFile } from '../../http/file-reply';
import { presentCreditNote, presentTaxInvoice } from '../../presenters/tax-document';

const tags = ['finance'];

/** `2083/84-000123` → `2083-84-000123`: a file name without a slash. */
const fileNameOf = (prefix: string, number: string) =>
  `${prefix}-${number.replace(/[^A-Za-z0-9-]/g, '-')}.pdf`;

/**
 * A booking's tax documents (docs/finance.md), for whoever may read the booking:
 * its booker, as every booking route (admins see them through the booker's PNR in the console).
 */
export const financeRoutes: FastifyPluginAsyncZod = async (app) => {
  /** A tax document as asked: its JSON, or its PDF in the brand's look. */
  async function sendTaxDocument<T extends TaxInvoice | CreditNote>(
    request: FastifyRequest,
    reply: FastifyReply,
    document: T,
    options: { format: 'pdf' | 'json' | undefined; filePrefix: 'tax-invoice' | 'credit-note' },
  ) {
    if (options.format === 'json') return ok(document);
    const pdf = await renderTaxDocumentPdf(
      document,
      await documentLookOf(app.assets, requireBrand(request).config),
    );
    return sendFile(reply, {
      content: pdf,
      type: 'application/pdf',
      fileName: fileNameOf(options.filePrefix, document.number),
      inline: true,
    });
  }

  app.get(
    '/bookings/:pnr/invoice',
    {
      config: { policy: 'book' },
      schema: {
        tags,
        summary: "A paid booking's tax invoice: a PDF, or JSON with ?format=json",
        description: '404 while the booking is not paid (the invoice is issued with the payment).',
        params: pnrParams,
        querystring: documentFormatQuery,
        response: responses(taxInvoice),
      },
    },
    async (request, reply) => {
      const booking = await findBooking(app.db, { pnr: request.params.pnr, userId: requireUser(request).id });
      const invoice = presentTaxInvoice(await findTaxInvoice(app.db, booking.id), booking.pnr);
      return sendTaxDocument(request, reply as FastifyReply, invoice, {
        format: request.query.format,
        filePrefix: 'tax-invoice',
      });
    },
  );

  app.get(
    '/bookings/:pnr/invoices/:number',
    {
      config: { policy: 'book' },
      schema: {
        tags,
        summary: "One of a booking's tax invoices by number (the sale's or a date change's): PDF, or JSON",
        description: 'The number as issued, its slash URL-encoded: `2083%2F84-000123`.',
        params: creditNoteParams,
        querystring: documentFormatQuery,
        response: responses(taxInvoice),
      },
    },
    async (request, reply) => {
      const booking = await findBooking(app.db, { pnr: request.params.pnr, userId: requireUser(request).id });
      const invoice = presentTaxInvoice(
        await findTaxInvoiceByNumber(app.db, booking.id, request.params.number),
        booking.pnr,
      );
      return sendTaxDocument(request, reply as FastifyReply, invoice, {
        format: request.query.format,
        filePrefix: 'tax-invoice',
      });
    },
  );

  app.get(
    '/bookings/:pnr/credit-notes',
    {
      config: { policy: 'book' },
      schema: {
        tags,
        summary: "A booking's credit notes (one per refund), each citing its invoice",
        params: pnrParams,
        response: responses(z.array(creditNote)),
      },
    },
    async (request) => {
      const booking = await findBooking(app.db, { pnr: request.params.pnr, userId: requireUser(request).id });
      const notes = await listCreditNotes(app.db, booking.id);
      return ok(notes.map((note) => presentCreditNote(note, booking.pnr)));
    },
  );

  app.get(
    '/bookings/:pnr/credit-notes/:number',
    {
      config: { policy: 'book' },
      schema: {
        tags,
        summary: 'One credit note: a PDF, or JSON with ?format=json',
        description: 'The number as issued, its slash URL-encoded: `CN-2083%2F84-000007`.',
        params: creditNoteParams,
        querystring: documentFormatQuery,
        response: responses(creditNote),
      },
    },
    async (request, reply) => {
      const booking = await findBooking(app.db, { pnr: request.params.pnr, userId: requireUser(request).id });
      const note = presentCreditNote(
        await findCreditNote(app.db, booking.id, request.params.number),
        booking.pnr,
      );
      return sendTaxDocument(request, reply as FastifyReply, note, {
        format: request.query.format,
        filePrefix: 'credit-note',
      });
    },
  );

  app.get(
    '/me/tax-profile',
    {
      config: { policy: 'book' },
      schema: {
        tags,
        summary: "The signed-in buyer's own tax details (name and PAN for their invoices), or null",
        response: responses(userTaxProfile),
      },
    },
    async (request) => {
      const profile = await findUserTaxProfile(app.db, requireUser(request).id);
      return ok(profile ? { buyer_name: profile.buyerName, pan: profile.pan } : null);
    },
  );

  app.put(
    '/me/tax-profile',
    {
      config: { policy: 'book' },
      schema: {
        tags,
        summary: "Save the signed-in buyer's tax details: invoices of later payments name them",
        body: userTaxProfileInput,
        response: responses(userTaxProfile),
      },
    },
    async (request) => {
      const saved = await saveUserTaxProfile(app.db, {
        userId: requireUser(request).id,
        buyerName: request.body.buyer_name ?? null,
        pan: request.body.pan,
      });
      return ok({ buyer_name: saved.buyerName, pan: saved.pan });
    },
  );
};
