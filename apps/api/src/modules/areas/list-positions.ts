import type { ActionArgs } from '../action-args.ts';
import { listAreas } from './list.ts';

/** Markers for the areas map: id, position and damage of the viewer's live areas. */
export async function listAreaPositions(args: ActionArgs<{ showAsUser?: number }>) {
  const { areas } = await listAreas({ ...args, input: { ...args.input, archived: false } });
  return { areas: areas.map((area) => ({ id: area.id, latlng: area.latlng, damages: area.damages })) };
}
