/** The addresses of the hierarchy's pages, as every screen links to them. */
export const areaPath = (areaId: number) => `/areas/${areaId}`;
export const installationPath = (areaId: number, installationId: number) =>
  `${areaPath(areaId)}/installations/${installationId}`;
export const ropePath = (areaId: number, installationId: number, ropeId: number) =>
  `${installationPath(areaId, installationId)}/ropes/${ropeId}`;
/** The rope page with its settings open: where the inputs of an unknown damage are set. */
export const ropeSettingsPath = (areaId: number, installationId: number, ropeId: number) =>
  `${ropePath(areaId, installationId, ropeId)}?${ROPE_SETTINGS_PARAM}=open`;
export const ROPE_SETTINGS_PARAM = 'settings';
