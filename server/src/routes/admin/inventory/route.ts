import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  flightLoad,
  flightLoadQuery,
  inventoryControl,
  inventoryControlRequest,
} from '#shared/admin-inventory';
import { findFlightLoad } from '../../../domain/inventory/find-flight-load';
import { setClassControl } from '../../../domain/inventory/set-class-control';
import { requireBrand, requireUser } from '../../../http/context';
import { ok, responses } from '../../../http/envelope';
import { presentFlightLoad, presentInventoryControl } from '../../../presenters/admin-inventory';

const tags = ['admin'];

/**
 * The house inventory's controls (docs/admin.md, "Inventory"): a flight's load per class, and
 * opening, closing or re-pricing a class on a flight over a date range, each change audited.
 */
export const adminInventoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/inventory/load',
    {
      config: { policy: 'manageInventory' },
      schema: {
        tags,
        summary: "A flight's load per booking class on a date: sold elsewhere, sold and held here, left",
        querystring: flightLoadQuery,
        response: responses(flightLoad),
      },
    },
    async (request) => {
      const q = request.query;
      return ok(
        presentFlightLoad(
          await findFlightLoad(app.db, {
            flightNumber: q.flight_number,
            origin: q.depart_code,
            destination: q.dest_code,
            date: q.date,
          }),
        ),
      );
    },
  );

  app.post(
    '/admin/inventory/controls',
    {
      config: { policy: 'manageInventory' },
      schema: {
        tags,
        summary: 'Open or close a booking class of a flight, or override its base fare, over a date range',
        body: inventoryControlRequest,
        response: responses(inventoryControl),
      },
    },
    async (request) => {
      const body = request.body;
      const flight = {
        flightNumber: body.flight_number,
        origin: body.depart_code,
        destination: body.dest_code,
      };
      const control = await setClassControl(app.db, {
        brandId: requireBrand(request).id,
        actor: requireUser(request),
        flight,
        classCode: body.class_code,
        fromDate: body.from_date,
        toDate: body.to_date,
        action: body.action,
        baseNpr: body.base_npr,
        baseUsd: body.base_usd,
      });
      return ok(presentInventoryControl(control, flight));
    },
  );
};
