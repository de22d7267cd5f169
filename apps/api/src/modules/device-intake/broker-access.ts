import type { Permission } from '@rope/domain/access/permissions';
import { writeAudit } from '../../audit/write-audit.ts';
import { assertCan } from '../../http/guards.ts';
import type { ActionArgs } from '../action-args.ts';
import { type BrokerDevice, brokerAccessOf, disableBrokerClient, provisionBrokerClient } from '../devices/index.ts';
import { findDevice } from '../sensors/index.ts';
import { findSmartrope } from '../smartropes/index.ts';

const RIGHT: Record<BrokerDevice['kind'], Permission> = {
  sensorDevice: 'SENSOR_MANAGE',
  smartrope: 'SMARTROPE_MANAGE',
};

/** The device as the admin may see it, or 404. */
async function findBrokerDevice({ ctx, actor, input }: ActionArgs<BrokerDevice>) {
  assertCan(actor, RIGHT[input.kind]);
  if (input.kind === 'sensorDevice') await findDevice(ctx, actor, input.id);
  else await findSmartrope(ctx, actor, input.id);
}

/** Where the device stands on the broker (never its password). */
export async function getBrokerAccess(args: ActionArgs<BrokerDevice>) {
  await findBrokerDevice(args);
  return { brokerAccess: await brokerAccessOf(args.ctx, args.input) };
}

/** New credentials: the old password stops working at once; the new one is in this answer only. */
export async function renewBrokerCredentials(args: ActionArgs<BrokerDevice>) {
  await findBrokerDevice(args);
  const brokerCredentials = await provisionBrokerClient(args.ctx, args.input);
  await writeAudit(
    args.ctx.db,
    { action: `${args.input.kind}.brokerCredentials`, targetType: args.input.kind, targetId: args.input.id },
    args.request,
  );
  return { brokerCredentials };
}

/** Revokes the device's broker client: it can no longer connect until it is given new credentials. */
export async function revokeBrokerCredentials(args: ActionArgs<BrokerDevice>) {
  await findBrokerDevice(args);
  await disableBrokerClient(args.ctx, args.input);
  await writeAudit(
    args.ctx.db,
    { action: `${args.input.kind}.brokerRevoke`, targetType: args.input.kind, targetId: args.input.id },
    args.request,
  );
}
