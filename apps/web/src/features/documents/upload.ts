import type { DocumentTargetType } from '@rope/domain/documents/kinds';
import { type AnswerOf, uploadWithProgress } from '../../lib/typed-api';

export interface UploadTarget {
  targetType: DocumentTargetType;
  targetId: number;
}

/**
 * POST /api/documents with several files at once, reporting the bytes sent. The fields go before the files, so the
 * server checks the target and the right before it reads a byte of a file.
 */
export async function uploadDocuments(
  target: UploadTarget,
  files: readonly File[],
  onProgress: (loaded: number, total: number) => void,
  location?: string,
): Promise<AnswerOf<'/api/documents', 'post'>['documents']> {
  const body = new FormData();
  body.append('targetType', target.targetType);
  body.append('targetId', String(target.targetId));
  if (location) body.append('location', location);
  for (const file of files) body.append('files', file, file.name);
  const answer = await uploadWithProgress('/api/documents', body, { onProgress });
  return answer.documents;
}
