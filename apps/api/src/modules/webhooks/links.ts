import type { AppContext } from '../../context.ts';
import { publicUrl } from '../../env.ts';

/** Where an object is read: its screen in the cockpit and its call in the API's stable path. */
export interface ObjectLinks {
  cockpit?: string;
  api?: string;
}

export function linksOf(ctx: Pick<AppContext, 'env'>, paths: { cockpit?: string; api?: string }): ObjectLinks {
  const base = publicUrl(ctx.env).replace(/\/$/, '');
  return {
    ...(paths.cockpit ? { cockpit: `${base}${paths.cockpit}` } : {}),
    ...(paths.api ? { api: `${base}/api/v1${paths.api}` } : {}),
  };
}

export interface WebhookPlace {
  mandatorId: number;
  area: { id: number; name: string };
  installation: { id: number; name: string };
  rope?: { id: number; name: string };
}

/** The area, installation and rope of an event, each with its links, as every payload names them. */
export function placeData(ctx: Pick<AppContext, 'env'>, place: WebhookPlace) {
  const areaPath = `/areas/${place.area.id}`;
  const installationPath = `${areaPath}/installations/${place.installation.id}`;
  return {
    mandator: { id: place.mandatorId },
    area: { ...place.area, links: linksOf(ctx, { cockpit: areaPath, api: `/areas/${place.area.id}` }) },
    installation: {
      ...place.installation,
      links: linksOf(ctx, { cockpit: installationPath, api: `/installations/${place.installation.id}` }),
    },
    ...(place.rope
      ? {
          rope: {
            ...place.rope,
            links: linksOf(ctx, {
              cockpit: `${installationPath}/ropes/${place.rope.id}`,
              api: `/ropes/${place.rope.id}`,
            }),
          },
        }
      : {}),
  };
}
