import { decimalTextSchema, idParamsSchema, idTextSchema, integerTextSchema } from '@rope/domain/common';
import {
  areaDamageSummaryAnswerSchema,
  bendingCyclesAnswerSchema,
  LATEST_EVENTS_DEFAULT_LIMIT,
  LATEST_EVENTS_MAX_LIMIT,
  lossOverTargetAnswerSchema,
  placedEventListSchema,
} from '@rope/domain/events/views';
import { damageChartAnswerSchema } from '@rope/domain/ropes/damage-chart-answer-schema';
import { LOSS_CHART_MAX_POINTS, LOSS_CHART_MIN_POINTS } from '@rope/domain/ropes/loss-thinning';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireActor } from '../../http/guards.ts';
import { sendKept } from '../../plugins/compression.ts';
import { getBendingCycles } from './get-bending-cycles.ts';
import { getDamageChart } from './get-damage-chart.ts';
import { getAreaDamageSummary } from './get-damage-summary.ts';
import { getLossOverTarget } from './get-loss-over-target.ts';
import { listLatestEvents } from './list-latest.ts';

/** A bound of the x axis: bending cycles as a decimal number, or a time as an ISO date; nothing read as NaN. */
const rangeBound = z
  .string()
  .max(40)
  .regex(
    /^(-?(0|[1-9][0-9]{0,14})(\.[0-9]{1,12})?|[0-9]{4}-[0-9]{2}-[0-9]{2}(T[0-9:.]+(Z|[+-][0-9]{2}:[0-9]{2})?)?)$/,
    'Expected a number or an ISO date',
  );
const showAs = { showAsUser: idTextSchema.optional() };

/**
 * A kept JSON answer with its ETag, kept by the browser and asked again with If-None-Match each time: 304 without a
 * body while what it is made of is unchanged.
 */
function sendTagged(request: FastifyRequest, reply: FastifyReply, answer: { etag?: string; body?: Buffer }) {
  reply.header('cache-control', 'private, no-cache');
  if (answer.etag) reply.header('etag', answer.etag);
  if (!answer.body) return reply.status(304).send(null);
  return sendKept(request, reply.type('application/json; charset=utf-8'), answer.body);
}

/** Damage charts, loss over time, bending cycles and the damage summaries of lists. */
export function eventChartRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/ropes/:id/events/damage',
      {
        schema: {
          tags: ['events'],
          response: {
            200: damageChartAnswerSchema,
            304: z.null().describe('Unchanged since the answer If-None-Match names'),
          },
          operationId: 'getRopeDamage',
          summary: "The rope's damage chart per reference length over a range of positions (ETag, 304)",
          description:
            'The damage chart per reference length over the windows starting between `positionFrom` and ' +
            '`positionTo` (datum m; the whole rope by default). Long columns are base64 of little-endian typed ' +
            'arrays (types in `columns`). With `windows.form` `all` (up to 2,000 windows holding up to 5,000 ' +
            'damages): `damages` {id, position, count, lossPct} are the damages the windows hold, in the order they ' +
            'index them; window i starts at damages.position[windows.first[i]]; each series of `result` has ' +
            '`points` {eventCount, value}: the window holds eventCount[i] damages from its first on (wrapping on an ' +
            'endless rope) and value[i] is their sum under the rule in force. With `peaks` (more than a chart shows): ' +
            'each series has `peaks` {position, value, eventCount, count, lossPct}, the highest window of each of ' +
            '2,000 equal spans of the range; ask for a narrower range to get the damages. `damageCount` counts the ' +
            "rope's damages that count, `windows.total` the windows in the range. Positions are datum positions " +
            '(damages found by MRT moved by `positionOffset`). `status` is `unknown` when the rope lacks an input ' +
            'its rule set needs: `missingInputs` names them, `damage` and `health` are null and `result` is empty. ' +
            'The answer carries an ETag that names what it is made of: with `If-None-Match` naming it, the answer ' +
            'is 304 without a body while the rope and its events are unchanged. See docs/damage-chart.md.',
          params: idParamsSchema,
          querystring: z.object({
            damageFilter: z.enum(['manual', 'mrt', '']).optional(),
            dateFilter: z.iso
              .date()
              .meta({ examples: ['2026-03-01'] })
              .optional(),
            positionFrom: decimalTextSchema.optional(),
            positionTo: decimalTextSchema.optional(),
            ...showAs,
          }),
        },
      },
      async (request, reply) => {
        const { damageFilter, positionFrom, positionTo, ...query } = request.query;
        const input = {
          ...query,
          from: positionFrom,
          to: positionTo,
          ropeId: request.params.id,
          damageFilter: damageFilter || undefined,
          ifNoneMatch: request.headers['if-none-match'],
        };
        return sendTagged(request, reply, await getDamageChart({ ctx, actor: requireActor(request), input, request }));
      },
    );

    app.get(
      '/ropes/:id/events/lossOverTarget',
      {
        schema: {
          tags: ['events'],
          response: {
            200: lossOverTargetAnswerSchema,
            304: z.null().describe('Unchanged since the answer If-None-Match names'),
          },
          operationId: 'getRopeLossOverTarget',
          summary: "The rope's damage over time or bending cycles, with the forecast of its discard point (ETag, 304)",
          description:
            'One point per instant with an inspection or a damage event in the range, oldest first, and the ' +
            '(cycles, timestamp) pairs of every point that knows its cycles. With `points`, at most that many of ' +
            'each, as a chart of that many pixels draws them: the axis is cut into equal spans and each keeps its ' +
            'first and last point, its lowest and highest damage and one point of unknown damage; each point sent ' +
            'is one of the series, its figures unchanged. The forecast is fitted over every point of the range ' +
            'either way. The answer carries an ETag: with `If-None-Match` naming it, the answer is 304 without a ' +
            'body while the rope, its installation and its events are unchanged. See docs/damage-chart.md.',
          params: idParamsSchema,
          querystring: z.object({
            xAxis: z.enum(['timestamp', 'bendingCycles']).default('timestamp'),
            rangeFrom: rangeBound.optional(),
            rangeTo: rangeBound.optional(),
            points: integerTextSchema(LOSS_CHART_MIN_POINTS, LOSS_CHART_MAX_POINTS).optional(),
            ...showAs,
          }),
        },
      },
      async (request, reply) => {
        const input = {
          ...request.query,
          ropeId: request.params.id,
          ifNoneMatch: request.headers['if-none-match'],
        };
        return sendTagged(
          request,
          reply,
          await getLossOverTarget({ ctx, actor: requireActor(request), input, request }),
        );
      },
    );

    app.get(
      '/ropes/:id/bendingCycles',
      {
        schema: {
          tags: ['events'],
          response: { 200: bendingCyclesAnswerSchema },
          operationId: 'getRopeBendingCycles',
          summary: "The rope's bending cycles now, carried forward from the newest known count",
          params: idParamsSchema,
        },
      },
      (request) =>
        getBendingCycles({ ctx, actor: requireActor(request), input: { ropeId: request.params.id }, request }),
    );

    app.get(
      '/installations/:id/events',
      {
        schema: {
          tags: ['events'],
          operationId: 'listInstallationEvents',
          summary: 'The newest events of the live ropes of an installation',
          params: idParamsSchema,
          querystring: z.object({
            limit: integerTextSchema(1, LATEST_EVENTS_MAX_LIMIT).default(LATEST_EVENTS_DEFAULT_LIMIT),
            ...showAs,
          }),
          response: { 200: placedEventListSchema },
        },
      },
      (request) =>
        listLatestEvents({
          ctx,
          actor: requireActor(request),
          input: { ...request.query, installationId: request.params.id },
          request,
        }),
    );

    app.get(
      '/areas/:id/installations/events/damage-summary',
      {
        schema: {
          tags: ['events'],
          response: { 200: areaDamageSummaryAnswerSchema },
          operationId: 'getAreaDamageSummary',
          summary: "The damages of an area's live installations and of the live ropes of each",
          params: idParamsSchema,
          querystring: z.object(showAs),
        },
      },
      (request) =>
        getAreaDamageSummary({
          ctx,
          actor: requireActor(request),
          input: { areaId: request.params.id, showAsUser: request.query.showAsUser },
          request,
        }),
    );
  };
}
