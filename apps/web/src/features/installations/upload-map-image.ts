import { type AnswerOf, uploadWithProgress } from '../../lib/typed-api';

export const MAP_IMAGE_TYPES = 'image/jpeg,image/png';

/**
 * POST /installations/{id}/map-image with upload progress in percent, answering the installation with its new image
 * size; failures carry the server's message.
 */
export async function uploadMapImage(
  installationId: number,
  file: File,
  onProgress: (percent: number) => void,
): Promise<AnswerOf<'/api/installations/{id}/map-image', 'post'>['installation']> {
  const form = new FormData();
  form.append('file', file);
  const answer = await uploadWithProgress('/api/installations/{id}/map-image', form, {
    params: { path: { id: String(installationId) } },
    onProgress: (loaded, total) => onProgress(Math.round((loaded / total) * 100)),
  });
  return answer.installation;
}
