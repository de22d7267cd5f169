import type { InstallationView } from '@rope/domain/hierarchy/views';
import { ApiError } from '../../lib/api-client';
import { postForm } from '../../lib/post-form';

export const MAP_IMAGE_TYPES = 'image/jpeg,image/png';

/**
 * POST /installations/{id}/map-image with upload progress in percent, answering the installation with its new image
 * size; failures carry the server's message.
 */
export async function uploadMapImage(
  installationId: number,
  file: File,
  onProgress: (percent: number) => void,
): Promise<InstallationView> {
  const form = new FormData();
  form.append('file', file);
  const answer = await postForm<{ installation?: InstallationView } | undefined>(
    `/installations/${installationId}/map-image`,
    form,
    (loaded, total) => onProgress(Math.round((loaded / total) * 100)),
  );
  if (!answer?.installation) throw new ApiError(200, 'BAD_RESPONSE', 'The upload answered without the installation');
  return answer.installation;
}
